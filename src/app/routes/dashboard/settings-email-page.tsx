import { useTranslation } from "react-i18next";
import { ChangeEmailForm } from "~/app/features/settings/components/change-email-form";
import { SettingsSection } from "~/app/features/settings/components/settings-section";
import { SettingsTabs } from "~/app/features/settings/components/settings-tabs";
import { fetchUser } from "~/app/features/shell/queries";
import { Spinner } from "~/app/ui/spinner";
import type { Route } from "./+types/settings-email-page";

export async function clientLoader() {
  return { user: await fetchUser() };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Spinner size="lg" />;
}

export default function SettingsEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation();
  const { user } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${tc("pages.SettingsEmail.title")} · Parley`}</title>
      <SettingsTabs />
      <SettingsSection title={t("settings.email.currentTitle")}>
        <div className="flex flex-wrap items-center gap-3">
          <span className="min-w-0 break-all font-medium" data-testid="current-email">
            {user.email}
          </span>
          <span
            data-testid="email-verified-state"
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${user.emailVerified ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200" : "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200"}`}
          >
            {user.emailVerified ? t("settings.email.verified") : t("settings.email.notVerified")}
          </span>
        </div>
      </SettingsSection>
      <ChangeEmailForm currentEmail={user.email} />
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useLocalizedPath } from "../i18n/use-locale";
import { OnboardingFrame } from "../ui/onboarding-frame";
import { Spinner } from "../ui/spinner";

// Signed-in onboarding, paywall and checkout: rendered in the browser only, like the dashboard.
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

export default function GenericOnboardingLayout() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <OnboardingFrame
      logoHref={to("/home")}
      close={{ href: to("/home"), label: t("ui.close") }}
      policyLinks={[
        { href: to("/terms.html"), label: t("policyLinks.terms") },
        { href: to("/policy.html"), label: t("policyLinks.privacy") },
      ]}
      aside={<p className="text-lg font-semibold">{t("shell.onboardingAside")}</p>}
    >
      <Outlet />
    </OnboardingFrame>
  );
}

import { ProfileSettings } from "~/app/features/settings/components/profile-settings";
import { fetchUser } from "~/app/features/shell/queries";
import { useLocale } from "~/app/i18n/use-locale";
import { Spinner } from "~/app/ui/spinner";
import type { Route } from "./+types/settings-profile-page";

export async function clientLoader() {
  return { user: await fetchUser() };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Spinner size="lg" />;
}

export default function SettingsProfilePage({ loaderData }: Route.ComponentProps) {
  // React keeps this component across the switch to another language's route; the key resets the forms.
  return <ProfileSettings key={useLocale()} initialUser={loaderData.user} />;
}

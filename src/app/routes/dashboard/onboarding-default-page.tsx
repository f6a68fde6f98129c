import { OnboardingWizard } from "~/app/features/onboarding/components/onboarding-wizard";
import { fetchUser } from "~/app/features/shell/queries";
import { useLocale } from "~/app/i18n/use-locale";
import { Spinner } from "~/app/ui/spinner";
import type { Route } from "./+types/onboarding-default-page";

export async function clientLoader() {
  return { user: await fetchUser() };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Spinner size="lg" />;
}

export default function OnboardingDefaultPage({ loaderData }: Route.ComponentProps) {
  // React keeps this component across the switch to another language's route; the key starts the flow
  // afresh from the data loaded for the new page.
  return <OnboardingWizard key={useLocale()} initialUser={loaderData.user} />;
}

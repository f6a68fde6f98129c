import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { trackPolicyLinkClicked } from "../features/analytics/analytics";
import type { FrameOptions, SetFrameOptions } from "../features/onboarding/use-onboarding-frame";
import { useLocalizedPath } from "../i18n/use-locale";
import { useRouteName } from "../i18n/use-route-name";
import { OnboardingFrame } from "../ui/onboarding-frame";
import { policySourceFor } from "./policy-source";

// Signed-in onboarding, paywall and checkout: rendered in the browser only, like the dashboard.
export { clientLoader, HydrateFallback } from "./client-rendered";

export default function GenericOnboardingLayout() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  // Pages set their own progress, skip and close (useOnboardingFrame); until then a close icon to Home.
  const [frame, setFrame] = useState<FrameOptions | null>(null);
  const options: FrameOptions = frame ?? { close: { href: to("/home"), label: t("ui.close") } };
  // The onboarding steps' promise is for the onboarding only; the paywall and checkout get a plan note.
  const routeName = useRouteName();
  const aside = routeName === "OnboardingDefault" ? t("shell.onboardingAside") : t("shell.planAside");
  const policySource = policySourceFor(routeName);
  return (
    <OnboardingFrame
      logoHref={to("/home")}
      steps={options.steps}
      skip={options.skip}
      close={options.close}
      policyLinks={[
        { href: to("/terms.html"), label: t("policyLinks.terms") },
        { href: to("/policy.html"), label: t("policyLinks.privacy") },
      ]}
      onPolicyLinkClick={() => trackPolicyLinkClicked(policySource)}
      aside={<p className="text-lg font-semibold">{aside}</p>}
    >
      <Outlet context={setFrame satisfies SetFrameOptions} />
    </OnboardingFrame>
  );
}

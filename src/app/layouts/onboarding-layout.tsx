import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { marketingPageKey } from "../features/marketing/page-keys";
import type { PageHandle } from "../hydration";
import { useLocalizedPath } from "../i18n/use-locale";
import { useRouteName } from "../i18n/use-route-name";
import { OnboardingFrame, type SkipStyle } from "../ui/onboarding-frame";
import { policySourceFor } from "./policy-source";

// Each onboarding marketing page is the first of three steps (this page, sign up, first notes).
const pageOptions: Record<string, { skipStyle: SkipStyle }> = {
  Onboarding: { skipStyle: "normal" },
  OnboardingSpeechToText: { skipStyle: "normal" },
  OnboardingTranscribe: { skipStyle: "normal" },
  OnboardingAudioToText: { skipStyle: "normal" },
  OnboardingWidget: { skipStyle: "normal" },
  Start: { skipStyle: "bold" },
};

// Server-rendered with no React in the browser: decision 010.
export const handle: PageHandle = { hydrate: false };

export default function OnboardingLayout() {
  const { t } = useTranslation("marketing");
  const to = useLocalizedPath();
  const name = useRouteName();
  const key = `onboarding.pages.${marketingPageKey(name)}`;
  const policySource = policySourceFor(name);
  return (
    <OnboardingFrame
      logoHref={to("/")}
      steps={{ count: 3, current: 1, label: t("onboarding.stepOf", { step: 1, total: 3 }) }}
      skip={{ href: to("/signup"), label: t("onboarding.skip"), style: pageOptions[name]?.skipStyle ?? "normal" }}
      close={{ href: to("/"), label: t("onboarding.close") }}
      policyLinks={[
        { href: to("/terms.html"), label: t("onboarding.terms") },
        { href: to("/policy.html"), label: t("onboarding.privacy") },
      ]}
      policySource={policySource}
      aside={
        <>
          <p className="text-xl font-semibold">{t(`${key}.aside.title`)}</p>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t(`${key}.aside.body`)}</p>
        </>
      }
    >
      <Outlet />
    </OnboardingFrame>
  );
}

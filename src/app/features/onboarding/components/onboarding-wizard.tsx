import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { rememberInterfaceLanguage } from "~/app/features/settings/interface-language";
import { saveUser } from "~/app/features/shell/queries";
import { useLocale } from "~/app/i18n/use-locale";
import { pushAlert } from "~/app/ui/alert-store";
import type { Preferences, UserPayload } from "~/shared/accounts/user-payload";
import { type Locale, localizePath } from "~/shared/i18n/locales";
import { completeStepInput, firstUnfinishedStep, type OnboardingStep, onboardingSteps, stepNumber } from "../onboarding-flow";
import { useOnboardingFrame } from "../use-onboarding-frame";
import { CalendarStep } from "./calendar-step";
import { CaptureStep } from "./capture-step";
import { DoneStep } from "./done-step";
import { LanguageStep } from "./language-step";

/** The four onboarding steps; the saved flags decide the step, so a reload resumes where the user left off. */
export function OnboardingWizard({ initialUser }: { initialUser: UserPayload }) {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [user, setUser] = useState<UserPayload>(initialUser);
  const [isSaving, setSaving] = useState(false);
  const step = firstUnfinishedStep(user.onboarding);

  const complete = async (finished: OnboardingStep, options: { language?: Locale; preferences?: Preferences } = {}) => {
    if (isSaving) return;
    setSaving(true);
    try {
      const saved = await saveUser(completeStepInput(finished, options));
      if (finished === "done") {
        // A full load: the server decides the next page (Home, or the paywall once) with the new flags.
        window.location.assign(localizePath("/home", saved.settings.language ?? locale));
        return;
      }
      if (options.language && options.language !== locale) {
        rememberInterfaceLanguage(options.language);
        navigate(localizePath("/onboarding/start", options.language));
        return;
      }
      setUser(saved);
      setSaving(false);
    } catch {
      setSaving(false);
      pushAlert({ type: "error", message: { key: "account:onboarding.saveFailed" } });
    }
  };

  useOnboardingFrame({
    steps: {
      count: onboardingSteps.length,
      current: stepNumber(step),
      label: t("onboarding.stepOf", { step: stepNumber(step), total: onboardingSteps.length }),
    },
    // Skipping a step still saves it, so the flow moves on and does not come back to it.
    skip: step === "done" ? undefined : { label: t("onboarding.skip"), style: "normal", onClick: () => complete(step) },
  });

  return (
    <div className="mx-auto w-full max-w-lg" data-step={step}>
      <title>{`${tc("pages.OnboardingDefault.title")} · Parley`}</title>
      {step === "capture" && (
        <CaptureStep isSaving={isSaving} onContinue={(kinds) => complete("capture", { preferences: { captureKinds: kinds } })} />
      )}
      {step === "language" && (
        <LanguageStep
          isSaving={isSaving}
          onContinue={(language, meetingLanguage) => complete("language", { language, preferences: { meetingLanguage } })}
        />
      )}
      {step === "calendar" && <CalendarStep integrations={user.integrations} isSaving={isSaving} onContinue={() => complete("calendar")} />}
      {step === "done" && <DoneStep isSaving={isSaving} onContinue={() => complete("done")} />}
    </div>
  );
}

// The signed-in onboarding (OnboardingDefault): four steps, each saved as its `{step}_completed` flag
// (interpretations 23), the last one also `onboarding_completed`, which ends the routing rule's redirect.
import { type OnboardingFlagName, type OnboardingStep, onboardingSteps, type SetUserInput } from "../../../shared/accounts/user-payload";
import type { Locale } from "../../../shared/i18n/locales";

export { type OnboardingStep, onboardingSteps };

/** Where a returning user resumes: the first step not saved yet (the last one when all are). */
export function firstUnfinishedStep(flags: Partial<Record<OnboardingFlagName, boolean>>): OnboardingStep {
  return onboardingSteps.find((step) => flags[`${step}_completed`] !== true) ?? "done";
}

/** The POST /user/set body that finishes `step`; the language step also saves the interface language. */
export function completeStepInput(step: OnboardingStep, options: { language?: Locale } = {}): SetUserInput {
  const onboarding: NonNullable<SetUserInput["onboarding"]> = { [`${step}_completed`]: true };
  if (step === "done") onboarding.onboarding_completed = true;
  return options.language ? { onboarding, settings: { language: options.language } } : { onboarding };
}

/** 1-based position for the progress bars. */
export function stepNumber(step: OnboardingStep): number {
  return onboardingSteps.indexOf(step) + 1;
}

/** What people want Parley for (step 1). Not stored yet: the API has no field for it (see the report). */
export const captureChoices = ["meetings", "uploads", "youtube", "lectures", "interviews", "voiceNotes"] as const;
export type CaptureChoice = (typeof captureChoices)[number];

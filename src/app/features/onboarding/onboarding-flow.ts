// The signed-in onboarding (OnboardingDefault): four steps, each saved as its `{step}_completed` flag
// (interpretations 23), the last one also `onboarding_completed`, which ends the routing rule's redirect.
import {
  captureKinds,
  type OnboardingFlagName,
  type OnboardingStep,
  onboardingSteps,
  type Preferences,
  type SetUserInput,
} from "~/shared/accounts/user-payload";
import type { Locale } from "~/shared/i18n/locales";

export { type OnboardingStep, onboardingSteps };

/** Where a returning user resumes: the first step not saved yet (the last one when all are). */
export function firstUnfinishedStep(flags: Partial<Record<OnboardingFlagName, boolean>>): OnboardingStep {
  return onboardingSteps.find((step) => flags[`${step}_completed`] !== true) ?? "done";
}

/** The POST /user/set body that finishes `step`; the language step also saves the interface language. */
export function completeStepInput(step: OnboardingStep, options: { language?: Locale; preferences?: Preferences } = {}): SetUserInput {
  const onboarding: NonNullable<SetUserInput["onboarding"]> = { [`${step}_completed`]: true };
  if (step === "done") onboarding.onboarding_completed = true;
  return {
    onboarding,
    ...(options.language ? { settings: { language: options.language } } : {}),
    ...(options.preferences ? { preferences: options.preferences } : {}),
  };
}

/** 1-based position for the progress bars. */
export function stepNumber(step: OnboardingStep): number {
  return onboardingSteps.indexOf(step) + 1;
}

/** What people want Parley for (step 1), saved as `preferences.captureKinds`. */
export const captureChoices = captureKinds;
export type CaptureChoice = (typeof captureChoices)[number];

import { describe, expect, it } from "vitest";
import { setUserInput } from "~/shared/accounts/user-payload";
import { completeStepInput, firstUnfinishedStep, onboardingSteps, stepNumber } from "./onboarding-flow";

describe("firstUnfinishedStep", () => {
  it("starts a new user at the first step", () => {
    expect(firstUnfinishedStep({})).toBe("capture");
  });

  it("resumes at the first step whose flag is not true, even when a later one is set", () => {
    expect(firstUnfinishedStep({ capture_completed: true, language_completed: false, calendar_completed: true })).toBe("language");
  });

  it("stays on the last step when every step is saved", () => {
    expect(firstUnfinishedStep({ capture_completed: true, language_completed: true, calendar_completed: true, done_completed: true })).toBe(
      "done",
    );
  });
});

describe("completeStepInput", () => {
  it("sets only the step's own flag for a middle step", () => {
    expect(completeStepInput("calendar")).toEqual({ onboarding: { calendar_completed: true } });
  });

  it("also finishes onboarding on the last step", () => {
    expect(completeStepInput("done")).toEqual({ onboarding: { done_completed: true, onboarding_completed: true } });
  });

  it("saves the interface language with the language step", () => {
    expect(completeStepInput("language", { language: "pt" })).toEqual({
      onboarding: { language_completed: true },
      settings: { language: "pt" },
    });
  });

  it("builds bodies the server's schema accepts for every step", () => {
    for (const step of onboardingSteps) expect(setUserInput.safeParse(completeStepInput(step, { language: "es" })).success).toBe(true);
  });
});

describe("stepNumber", () => {
  it("counts from one", () => {
    expect(onboardingSteps.map(stepNumber)).toEqual([1, 2, 3, 4]);
  });
});

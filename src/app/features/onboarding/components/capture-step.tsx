import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type CaptureChoice, captureChoices } from "../onboarding-flow";
import { StepActions } from "./step-actions";

/** Step 1: what the user wants to capture (several choices). */
export function CaptureStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(kinds: CaptureChoice[]): void }) {
  const { t } = useTranslation("account");
  const [chosen, setChosen] = useState<CaptureChoice[]>([]);
  const toggle = (choice: CaptureChoice) =>
    setChosen((current) => (current.includes(choice) ? current.filter((item) => item !== choice) : [...current, choice]));
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue(chosen);
      }}
    >
      <div>
        <h1 id="capture-title" className="text-2xl font-bold tracking-tight">
          {t("onboarding.capture.title")}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("onboarding.capture.body")}</p>
        <fieldset aria-labelledby="capture-title" className="mt-6 grid gap-3 sm:grid-cols-2">
          {captureChoices.map((choice) => (
            <label
              key={choice}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 text-sm has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-slate-600 dark:has-checked:bg-indigo-950"
            >
              <input
                type="checkbox"
                checked={chosen.includes(choice)}
                onChange={() => toggle(choice)}
                className="h-4 w-4 accent-indigo-600"
              />
              {t(`onboarding.capture.choices.${choice}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <StepActions isSaving={isSaving} isDisabled={chosen.length === 0} label={t("onboarding.continue")} />
    </form>
  );
}

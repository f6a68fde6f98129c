import { useTranslation } from "react-i18next";
import { StepActions } from "./step-actions";
import { StepForm } from "./step-form";

/** Step 3: calendars connect in a later release; the buttons say so and the user goes on. */
export function CalendarStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(): void }) {
  const { t } = useTranslation("account");
  const providers = [
    { key: "google", label: t("onboarding.calendar.google") },
    { key: "outlook", label: t("onboarding.calendar.outlook") },
  ];
  return (
    <StepForm title={t("onboarding.calendar.title")} body={t("onboarding.calendar.body")} onContinue={onContinue}>
      <ul className="space-y-3">
        {providers.map((provider) => (
          <li key={provider.key}>
            <button type="button" disabled className="btn-secondary w-full justify-between">
              <span>{provider.label}</span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-700 dark:text-slate-300">
                {t("onboarding.calendar.comingSoon")}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <StepActions isSaving={isSaving} label={t("onboarding.calendar.later")} />
    </StepForm>
  );
}

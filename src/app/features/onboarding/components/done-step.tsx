import { useTranslation } from "react-i18next";
import { StepActions } from "./step-actions";

/** Step 4: the end of onboarding; continuing saves `onboarding_completed`. */
export function DoneStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(): void }) {
  const { t } = useTranslation("account");
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("onboarding.done.title")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("onboarding.done.body")}</p>
      </div>
      <StepActions isSaving={isSaving} label={t("onboarding.done.start")} />
    </form>
  );
}

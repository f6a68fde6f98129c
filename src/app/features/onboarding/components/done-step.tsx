import { useTranslation } from "react-i18next";
import { StepActions } from "./step-actions";
import { StepForm } from "./step-form";

/** Step 4: the end of onboarding; continuing saves `onboarding_completed`. */
export function DoneStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(): void }) {
  const { t } = useTranslation("account");
  return (
    <StepForm title={t("onboarding.done.title")} body={t("onboarding.done.body")} onContinue={onContinue}>
      <StepActions isSaving={isSaving} label={t("onboarding.done.start")} />
    </StepForm>
  );
}

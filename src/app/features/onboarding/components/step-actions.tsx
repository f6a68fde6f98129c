import { useTranslation } from "react-i18next";
import { Spinner } from "~/app/ui/spinner";

/** The submit button of an onboarding step, with its saving state. */
export function StepActions({ isSaving, isDisabled = false, label }: { isSaving: boolean; isDisabled?: boolean; label: string }) {
  const { t } = useTranslation("account");
  return (
    <div className="flex items-center gap-3">
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSaving || isDisabled}>
        {isSaving ? t("onboarding.saving") : label}
      </button>
      {isSaving && <Spinner size="sm" />}
    </div>
  );
}

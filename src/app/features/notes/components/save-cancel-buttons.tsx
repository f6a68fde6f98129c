import { useTranslation } from "react-i18next";

/** The note page's in-place editors end the same way: Save (Saving… while busy) and Cancel, both off while saving. */
export function SaveCancelButtons({ isSaving, onCancel }: { isSaving: boolean; onCancel(): void }) {
  const { t } = useTranslation("notes");
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn-primary" disabled={isSaving}>
        {isSaving ? t("page.saving") : t("page.save")}
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSaving}>
        {t("page.cancel")}
      </button>
    </div>
  );
}

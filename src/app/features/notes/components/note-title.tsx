import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form-message";
import { errorMessage } from "../../shell/error-message";

/** The note's title as its heading; the owner (with `onRename`) can change it in place (1-200 characters). */
export function NoteTitle({ title, fallback, onRename }: { title: string; fallback: string; onRename?(title: string): Promise<void> }) {
  const { t } = useTranslation("notes");
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  if (!isEditing || !onRename) {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight break-words">{title || fallback}</h1>
        {onRename ? (
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            onClick={() => {
              setDraft(title);
              setProblem(null);
              setEditing(true);
            }}
          >
            {t("page.title.rename")}
          </button>
        ) : null}
      </div>
    );
  }
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (!next) return setProblem(t("page.title.errors.required"));
    if (next.length > 200) return setProblem(t("page.title.errors.tooLong"));
    if (next === title) return setEditing(false);
    setSaving(true);
    setProblem(null);
    try {
      await onRename(next);
      setEditing(false);
    } catch (error) {
      setProblem(errorMessage(error, t("page.title.errors.failed")));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="space-y-2" onSubmit={(event) => void handleSubmit(event)}>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t("page.title.label")}</span>
        <input
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white p-2 text-lg font-semibold dark:border-slate-600 dark:bg-slate-800"
        />
      </label>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={isSaving}>
          {isSaving ? t("page.saving") : t("page.save")}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setEditing(false)} disabled={isSaving}>
          {t("page.cancel")}
        </button>
      </div>
    </form>
  );
}

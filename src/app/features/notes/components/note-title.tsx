import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { TextInput } from "~/app/ui/text-input";
import { SaveCancelButtons } from "./save-cancel-buttons";

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
        <TextInput value={draft} maxLength={200} onChange={(event) => setDraft(event.target.value)} isTitle className="w-full p-2" />
      </label>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <SaveCancelButtons isSaving={isSaving} onCancel={() => setEditing(false)} />
    </form>
  );
}

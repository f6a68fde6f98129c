import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { type NotesTemplate, notesTemplates } from "~/shared/ai-notes/ai-notes-api";
import type { NoteView } from "~/shared/notes/notes-api";
import { regenerateAiNotes } from "../note-page/queries";

/** Writes the AI notes again with a template (or "detect automatically"); progress then shows live. */
export function RegenerateNotesForm({
  noteId,
  initialTemplate = "auto",
  submitLabel,
  onQueued,
}: {
  noteId: string;
  initialTemplate?: NotesTemplate | "auto";
  submitLabel: string;
  onQueued(note: NoteView): void;
}) {
  const { t } = useTranslation("notes");
  const [template, setTemplate] = useState<NotesTemplate | "auto">(initialTemplate);
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      onQueued(await regenerateAiNotes(noteId, template));
    } catch (error) {
      setProblem(errorMessage(error, t("aiNotes.regenerateFailed")));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void handleSubmit(event)}>
      <label className="flex flex-col gap-1 text-sm">
        <span>{t("aiNotes.template")}</span>
        <select
          value={template}
          onChange={(event) => setTemplate(event.target.value as NotesTemplate | "auto")}
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
        >
          <option value="auto">{t("templates.auto")}</option>
          {notesTemplates.map((name) => (
            <option key={name} value={name}>
              {t(`templates.${name}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary" disabled={isPending}>
        {submitLabel}
      </button>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
    </form>
  );
}

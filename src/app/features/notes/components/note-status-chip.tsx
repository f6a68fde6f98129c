import { useTranslation } from "react-i18next";
import type { NoteView } from "~/shared/notes/notes-api";
import { displayStatus, statusLabelKey } from "~/shared/notes/statuses";

/** A note's display status (spec: transcription status wins, else meeting status, inactive -> no recording). */
export function NoteStatusChip({ note }: { note: NoteView }) {
  const { t } = useTranslation();
  const key = statusLabelKey(displayStatus(note.data), note.data.type);
  if (!key) return null;
  return (
    <span
      data-testid="note-status"
      data-code={note.data.transcriptionCode ?? ""}
      className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
    >
      {t(key)}
    </span>
  );
}

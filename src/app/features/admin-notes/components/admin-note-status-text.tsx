import { useTranslation } from "react-i18next";
import type { AdminNoteRow } from "~/shared/admin/admin-notes-api";

/** Transcription and AI-notes status of a note for admins, with the stored failure codes shown as they are. */
export function AdminNoteStatusText({
  row,
}: {
  row: Pick<AdminNoteRow, "transcriptionCode" | "transcriptionError" | "notesStatus" | "notesError">;
}) {
  const { t } = useTranslation();
  const isFailed = row.transcriptionCode === "transcription_failed" || row.notesStatus === "notes_failed";
  return (
    <span className={isFailed ? "text-red-700 dark:text-red-300" : undefined} data-testid="admin-note-status">
      {row.transcriptionCode
        ? // The admin's own words ("Transcript ready"): the user's badge says "Notes ready" for the same code.
          t(`adminNotes.statusFilter.${row.transcriptionCode}`, { defaultValue: t(`statuses.transcription.${row.transcriptionCode}`) })
        : t("adminNotes.noTranscription")}
      {row.transcriptionError && <code className="text-xs">{` (${row.transcriptionError})`}</code>}
      {row.notesStatus && (
        <>
          {" · "}
          {t(`adminNotes.statusFilter.${row.notesStatus}`)}
          {row.notesError && <code className="text-xs">{` (${row.notesError})`}</code>}
        </>
      )}
    </span>
  );
}

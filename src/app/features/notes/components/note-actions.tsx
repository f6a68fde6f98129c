import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MoveToFolder } from "~/app/features/folders/components/move-to-folder";
import { ShareButton } from "~/app/features/sharing/components/share-button";
import { errorMessage } from "~/app/features/shell/error-message";
import { confirm } from "~/app/ui/confirm-store";
import { FormMessage } from "~/app/ui/form-message";
import type { AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import type { NoteView, TranscriptSegment } from "~/shared/notes/notes-api";
import { noteDisplayTitle } from "../note-display-title";
import { aiNotesAsText, transcriptAsText } from "../note-page/note-text";
import { deleteNote } from "../note-page/queries";
import { ExportMenu } from "./export-menu";

/** The owner's actions on a note: share, copy as text, export, delete after a confirm dialog, move to a folder. */
export function NoteActions({
  note,
  transcript,
  aiNotes,
  hasTimes,
  onShareChanged,
  onMoved,
  onDeleted,
}: {
  note: NoteView;
  transcript: TranscriptSegment[];
  aiNotes: AiNotesContent | null;
  hasTimes: boolean;
  onShareChanged(shareId: string | null): void;
  onMoved(note: NoteView): void;
  onDeleted(): void;
}) {
  const { t, i18n } = useTranslation("notes");
  const [message, setMessage] = useState<{ kind: "error" | "notice"; text: string } | null>(null);
  const [isDeleting, setDeleting] = useState(false);

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ kind: "notice", text: done });
    } catch {
      setMessage({ kind: "error", text: t("page.copy.failed") });
    }
  };
  const handleDelete = async () => {
    const isConfirmed = await confirm({
      title: t("page.delete.title"),
      message: t("page.delete.message", { title: noteDisplayTitle(note.data, t) || t("list.untitled") }),
      confirmText: t("page.delete.confirm"),
    });
    if (!isConfirmed) return;
    setDeleting(true);
    try {
      await deleteNote(note.id);
      onDeleted();
    } catch (error) {
      setMessage({ kind: "error", text: errorMessage(error, t("page.delete.failed")) });
      setDeleting(false);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <ShareButton noteId={note.id} shareId={note.data.shareId} onChanged={onShareChanged} />
        <button
          type="button"
          className="btn-secondary"
          disabled={transcript.length === 0}
          onClick={() => void copy(transcriptAsText(transcript, hasTimes), t("page.copy.transcriptDone"))}
        >
          {t("page.copy.transcript")}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={!aiNotes}
          onClick={() => aiNotes && void copy(aiNotesAsText(aiNotes, t, hasTimes, i18n.language), t("page.copy.notesDone"))}
        >
          {t("page.copy.notes")}
        </button>
        <ExportMenu noteId={note.id} hasTranscript={transcript.length > 0} hasNotes={aiNotes !== null} hasTimeline={hasTimes} />
        <button
          type="button"
          className="btn-secondary text-red-700 dark:text-red-300"
          onClick={() => void handleDelete()}
          disabled={isDeleting}
        >
          {t("page.delete.button")}
        </button>
      </div>
      <MoveToFolder noteId={note.id} folderId={note.data.folderId} onMoved={onMoved} />
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </div>
  );
}

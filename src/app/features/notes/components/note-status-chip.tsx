import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/app/ui/status-badge";
import type { NoteView } from "~/shared/notes/notes-api";
import { displayStatus, statusLabelKey } from "~/shared/notes/statuses";
import { statusAppearance } from "../status-appearance";

/**
 * A note's display status (spec section 4, one rule for the list, the note page and its panels): the
 * transcription status wins (AI notes still being written say so), else a bot's failure, else 'no
 * recording' for an inactive note, else the meeting status; each final state in its own colour and icon.
 */
export function NoteStatusChip({ note }: { note: NoteView }) {
  const { t } = useTranslation();
  const status = displayStatus(note.data);
  const key = statusLabelKey(status, note.data.type);
  if (!key) return null;
  const { tone, icon } = statusAppearance(status);
  return (
    <StatusBadge tone={tone} icon={icon} testId="note-status" data={{ code: note.data.transcriptionCode ?? "", status: key }}>
      {t(key)}
    </StatusBadge>
  );
}

import { explainMeetingStatus } from "~/app/features/meetings/meeting-explanation";
import type { StatusIcon, StatusTone } from "~/app/ui/status-badge";
import type { DisplayStatus, TranscriptionCode } from "~/shared/notes/statuses";

// The colour and icon of a display status (issue 17): under way, done, finished without what was hoped
// for, failed, or nothing there. A meeting's status takes the tone of its explanation, so the badge and
// the meeting panel's explanation never disagree.

const transcriptionLooks: Record<TranscriptionCode, { tone: StatusTone; icon?: StatusIcon }> = {
  transcription_in_progress: { tone: "progress" },
  transcription_ready: { tone: "success" },
  transcription_failed: { tone: "error" },
  transcription_no_speech_detected: { tone: "warning", icon: "muted" },
  transcription_language_not_supported: { tone: "warning" },
};

export function statusAppearance(status: DisplayStatus): { tone: StatusTone; icon?: StatusIcon } {
  switch (status.kind) {
    case "transcription":
      return transcriptionLooks[status.code];
    case "notes":
      return status.code === "notes_in_progress" ? { tone: "progress" } : { tone: "warning" };
    case "meeting":
      return { tone: explainMeetingStatus(status).tone };
    case "noRecording":
    case "none":
      return { tone: "neutral" };
  }
}

// Note statuses of spec section 4 with the sets interpretations 19-21 settle: which codes are final,
// where cancel is offered, and the display-status rule. Labels live in the common catalog under
// `statuses.` (see statusLabelKey).

/** spec section 1 / 3: note sources. */
export const noteTypes = ["meeting", "recording", "file", "document", "text", "youtube"] as const;
export type NoteType = (typeof noteTypes)[number];

export const transcriptionCodes = [
  "transcription_in_progress",
  "transcription_failed",
  "transcription_no_speech_detected",
  "transcription_language_not_supported",
  "transcription_ready",
] as const;
export type TranscriptionCode = (typeof transcriptionCodes)[number];

/** spec section 4: every transcription status but in-progress is final; only a failure may be retried. */
export function isFinalTranscription(code: TranscriptionCode): boolean {
  return code !== "transcription_in_progress";
}
export function canRetryTranscription(code: TranscriptionCode): boolean {
  return code === "transcription_failed";
}

/** interpretations 20: the usage-limit code uses the product key `parley`. */
export const usageLimitCode = "parley_usage_limit_exceeded";

export const meetingCodes = [
  "joining_call",
  "in_waiting_room",
  "participant_in_waiting_room",
  "in_call_not_recording",
  "recording_permission_allowed",
  "recording_permission_denied",
  "in_call_recording",
  "fatal",
  "call_ended",
  "done",
  usageLimitCode,
] as const;
export type MeetingCode = (typeof meetingCodes)[number];

export interface MeetingStatus {
  code: MeetingCode;
  subcode?: string | null;
}

/** interpretations 21: call_ended, done and the usage-limit code are final; fatal is not (the bot ends with done). */
const finalMeetingCodes: ReadonlySet<MeetingCode> = new Set(["call_ended", "done", usageLimitCode]);
export function isFinalMeeting(code: MeetingCode): boolean {
  return finalMeetingCodes.has(code);
}

const cancellableMeetingCodes: ReadonlySet<MeetingCode> = new Set([
  "joining_call",
  "in_waiting_room",
  "in_call_not_recording",
  "recording_permission_allowed",
  "recording_permission_denied",
  "in_call_recording",
]);
/** interpretations 21: permission denied offers cancel except for these two subcodes. */
const permissionDeniedWithoutCancel: ReadonlySet<string> = new Set([
  "zoom_local_recording_grant_not_supported",
  "zoom_sdk_key_blocked_by_host_admin",
]);

export function canCancelMeeting({ code, subcode }: MeetingStatus): boolean {
  if (!cancellableMeetingCodes.has(code)) return false;
  return !(code === "recording_permission_denied" && subcode && permissionDeniedWithoutCancel.has(subcode));
}

export interface NoteStatusInput {
  type: NoteType;
  transcriptionCode?: TranscriptionCode | null;
  meeting?: MeetingStatus | null;
  active?: boolean | null;
}

export type DisplayStatus =
  | { kind: "transcription"; code: TranscriptionCode }
  | { kind: "meeting"; code: MeetingCode; subcode: string | null }
  | { kind: "noRecording" }
  | { kind: "none" };

/**
 * spec section 4 "Display status": the transcription status wins; otherwise an inactive note reads
 * 'no recording' (a bot that never captured audio says so rather than its last call state); otherwise the
 * meeting status.
 */
export function displayStatus(note: NoteStatusInput): DisplayStatus {
  if (note.transcriptionCode) return { kind: "transcription", code: note.transcriptionCode };
  if (note.active === false) return { kind: "noRecording" };
  if (note.meeting) return { kind: "meeting", code: note.meeting.code, subcode: note.meeting.subcode ?? null };
  return { kind: "none" };
}

/** interpretations 19: in progress while either status is non-final. */
export function isNoteInProgress(note: NoteStatusInput): boolean {
  const transcribing = note.transcriptionCode ? !isFinalTranscription(note.transcriptionCode) : false;
  const meeting = note.meeting ? !isFinalMeeting(note.meeting.code) : false;
  return transcribing || meeting;
}

/** Types whose in-progress and failed labels have their own wording (spec section 4). */
const ownWording: ReadonlySet<NoteType> = new Set(["text", "document", "youtube"]);

/** The common-catalog key of a display status's label. */
export function statusLabelKey(status: DisplayStatus, type: NoteType): string | null {
  switch (status.kind) {
    case "transcription": {
      const isWorded = ownWording.has(type) && (status.code === "transcription_in_progress" || status.code === "transcription_failed");
      return isWorded ? `statuses.transcription.${status.code}_${type}` : `statuses.transcription.${status.code}`;
    }
    case "meeting":
      return `statuses.meeting.${status.code}`;
    case "noRecording":
      return "statuses.noRecording";
    case "none":
      return null;
  }
}

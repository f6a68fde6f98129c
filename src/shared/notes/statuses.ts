import { subcodeGroup } from "./meeting-endings";
import type { NotesGenerationStatus } from "./notes-generation";

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
  /** The AI notes' job (issue 5), once the transcript is ready. */
  notesStatus?: NotesGenerationStatus | null;
}

export type DisplayStatus =
  | { kind: "transcription"; code: TranscriptionCode }
  /** The transcript is ready and the AI notes are still being written, or failed: the badge says so. */
  | { kind: "notes"; code: "notes_in_progress" | "notes_failed" }
  | { kind: "meeting"; code: MeetingCode; subcode: string | null }
  | { kind: "noRecording" }
  | { kind: "none" };

const endingCodeOfGroup = {
  usageLimit: usageLimitCode,
  permissionDenied: "recording_permission_denied",
  ended: "call_ended",
  fatal: "fatal",
} as const satisfies Record<ReturnType<typeof subcodeGroup>, MeetingCode>;

/**
 * The code a meeting status reads as. `done` keeps the subcode of the ending before it (interpretations 21:
 * fatal ends with done), so a `done` reads as that ending: "Could not join" after a fatal error, never a bare
 * "Done" that the status history contradicts. A `done` without a subcode (the default ending) stays `done`.
 */
export function meetingDisplayCode({ code, subcode }: MeetingStatus): MeetingCode {
  if (code !== "done" || !subcode) return code;
  return endingCodeOfGroup[subcodeGroup(subcode)];
}

/**
 * Whether the bot failed in a way that is the reason the note has no recording: it could not join (fatal),
 * the plan's limit stopped it, or it ended without permission to record.
 */
export function isMeetingFailure(status: MeetingStatus): boolean {
  const code = meetingDisplayCode(status);
  return code === "fatal" || code === usageLimitCode || (code === "recording_permission_denied" && isFinalMeeting(status.code));
}

/**
 * spec section 4 "Display status", one rule for the badge of the list, the note page and its panels: the
 * transcription status wins (and once the transcript is ready, AI notes still being written or failed say
 * so: 'notes ready' only when they are); otherwise a bot that failed names its failure; otherwise an
 * inactive note reads 'no recording' (a bot that captured nothing says so rather than its last call
 * state); otherwise the meeting status, `done` read as the ending before it.
 */
export function displayStatus(note: NoteStatusInput): DisplayStatus {
  if (note.transcriptionCode) {
    const notes = note.notesStatus;
    if (note.transcriptionCode === "transcription_ready" && (notes === "notes_in_progress" || notes === "notes_failed")) {
      return { kind: "notes", code: notes };
    }
    return { kind: "transcription", code: note.transcriptionCode };
  }
  const meeting = note.meeting
    ? { kind: "meeting" as const, code: meetingDisplayCode(note.meeting), subcode: note.meeting.subcode ?? null }
    : null;
  if (meeting && note.meeting && isMeetingFailure(note.meeting)) return meeting;
  if (note.active === false) return { kind: "noRecording" };
  return meeting ?? { kind: "none" };
}

/**
 * Whether the note has its transcript, will have one (being transcribed, or a bot still in the call), or
 * will not (a final failure, no recording, a bot that could not join): nothing may promise a transcript or
 * AI notes that are not coming.
 */
export function transcriptOutlook(note: NoteStatusInput): "ready" | "coming" | "none" {
  if (note.transcriptionCode === "transcription_ready") return "ready";
  if (note.transcriptionCode === "transcription_in_progress") return "coming";
  if (note.transcriptionCode) return "none";
  if (note.active === false) return "none";
  if (note.meeting && isMeetingFailure(note.meeting)) return "none";
  return "coming";
}

/** interpretations 19: in progress while either status is non-final. */
export function isNoteInProgress(note: NoteStatusInput): boolean {
  const transcribing = note.transcriptionCode ? !isFinalTranscription(note.transcriptionCode) : false;
  const meeting = note.meeting ? !isFinalMeeting(note.meeting.code) : false;
  return transcribing || meeting;
}

/** Whether a job may still change the note: in progress, or its AI notes still being written. */
export function isNoteWorkUnderWay(note: NoteStatusInput): boolean {
  return isNoteInProgress(note) || note.notesStatus === "notes_in_progress";
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
    case "notes":
      return `statuses.notes.${status.code}`;
    case "meeting":
      return `statuses.meeting.${status.code}`;
    case "noRecording":
      return "statuses.noRecording";
    case "none":
      return null;
  }
}

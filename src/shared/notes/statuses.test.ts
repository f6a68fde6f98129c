import { describe, expect, it } from "vitest";
import en from "../../../i18n/en/common.json";
import {
  canCancelMeeting,
  canRetryTranscription,
  displayStatus,
  isFinalMeeting,
  isFinalTranscription,
  isNoteInProgress,
  meetingCodes,
  meetingDisplayCode,
  noteTypes,
  statusLabelKey,
  transcriptionCodes,
  transcriptOutlook,
} from "./statuses";

describe("transcription statuses (spec section 4)", () => {
  it("are final except in-progress; only a failure may be retried", () => {
    expect(transcriptionCodes.filter(isFinalTranscription)).toEqual([
      "transcription_failed",
      "transcription_no_speech_detected",
      "transcription_language_not_supported",
      "transcription_ready",
    ]);
    expect(transcriptionCodes.filter(canRetryTranscription)).toEqual(["transcription_failed"]);
  });
});

describe("meeting statuses (interpretations 21)", () => {
  it("are final for call_ended, done and the usage limit; fatal is not final", () => {
    expect(meetingCodes.filter(isFinalMeeting)).toEqual(["call_ended", "done", "parley_usage_limit_exceeded"]);
  });

  it("offer cancel in joining, waiting room, not recording, permission allowed or denied, and recording", () => {
    const cancellable = meetingCodes.filter((code) => canCancelMeeting({ code }));
    expect(cancellable).toEqual([
      "joining_call",
      "in_waiting_room",
      "in_call_not_recording",
      "recording_permission_allowed",
      "recording_permission_denied",
      "in_call_recording",
    ]);
  });

  it.each(["zoom_local_recording_grant_not_supported", "zoom_sdk_key_blocked_by_host_admin"])(
    "does not offer cancel when permission is denied with %s",
    (subcode) => {
      expect(canCancelMeeting({ code: "recording_permission_denied", subcode })).toBe(false);
    },
  );

  it("offers cancel for the other permission-denied subcodes", () => {
    expect(canCancelMeeting({ code: "recording_permission_denied", subcode: "zoom_host_not_present" })).toBe(true);
  });
});

describe("display status (spec section 4)", () => {
  it("lets the transcription status win over the meeting status and activity", () => {
    expect(displayStatus({ type: "meeting", transcriptionCode: "transcription_ready", meeting: { code: "done" }, active: false })).toEqual({
      kind: "transcription",
      code: "transcription_ready",
    });
  });

  it("reads 'no recording' for an inactive note without a transcription status", () => {
    expect(
      displayStatus({ type: "meeting", meeting: { code: "call_ended", subcode: "timeout_exceeded_noone_joined" }, active: false }),
    ).toEqual({
      kind: "noRecording",
    });
  });

  it("falls back to the meeting status, with its subcode", () => {
    expect(displayStatus({ type: "meeting", meeting: { code: "fatal", subcode: "meeting_not_found" }, active: true })).toEqual({
      kind: "meeting",
      code: "fatal",
      subcode: "meeting_not_found",
    });
    expect(displayStatus({ type: "file" })).toEqual({ kind: "none" });
  });

  it("says the AI notes are being written (or failed) rather than 'notes ready' while they are", () => {
    const ready = { type: "file", transcriptionCode: "transcription_ready" } as const;
    expect(displayStatus({ ...ready, notesStatus: "notes_in_progress" })).toEqual({ kind: "notes", code: "notes_in_progress" });
    expect(displayStatus({ ...ready, notesStatus: "notes_failed" })).toEqual({ kind: "notes", code: "notes_failed" });
    expect(displayStatus({ ...ready, notesStatus: "notes_ready" })).toEqual({ kind: "transcription", code: "transcription_ready" });
    expect(displayStatus({ ...ready, notesStatus: null })).toEqual({ kind: "transcription", code: "transcription_ready" });
  });

  it("names a bot's failure rather than 'done' or 'no recording', as its status history does", () => {
    const couldNotJoin = { type: "meeting", meeting: { code: "done", subcode: "meeting_platform_unreachable" }, active: false } as const;
    expect(displayStatus(couldNotJoin)).toEqual({ kind: "meeting", code: "fatal", subcode: "meeting_platform_unreachable" });
    expect(displayStatus({ type: "meeting", meeting: { code: "done", subcode: "upload_count_limit_exceeded" }, active: false })).toEqual({
      kind: "meeting",
      code: "parley_usage_limit_exceeded",
      subcode: "upload_count_limit_exceeded",
    });
    expect(displayStatus({ type: "meeting", meeting: { code: "done", subcode: "zoom_local_recording_denied" }, active: false })).toEqual({
      kind: "meeting",
      code: "recording_permission_denied",
      subcode: "zoom_local_recording_denied",
    });
    // A bot that left without a failure of its own and recorded nothing: 'no recording'.
    expect(displayStatus({ type: "meeting", meeting: { code: "done", subcode: "bot_received_leave_call" }, active: false })).toEqual({
      kind: "noRecording",
    });
    // While it waits for the host's permission, that is where it is (no failure yet).
    expect(displayStatus({ type: "meeting", meeting: { code: "recording_permission_denied", subcode: "zoom_host_not_present" } })).toEqual({
      kind: "meeting",
      code: "recording_permission_denied",
      subcode: "zoom_host_not_present",
    });
  });

  it("reads `done` as the ending before it, and a bare `done` as done", () => {
    expect(meetingDisplayCode({ code: "done", subcode: "meeting_not_found" })).toBe("fatal");
    expect(meetingDisplayCode({ code: "done", subcode: "some_new_platform_error" })).toBe("fatal");
    expect(meetingDisplayCode({ code: "done", subcode: "timeout_exceeded_everyone_left" })).toBe("call_ended");
    expect(meetingDisplayCode({ code: "done", subcode: "timeout_exceeded_only_bots_in_call" })).toBe("call_ended");
    expect(meetingDisplayCode({ code: "done", subcode: "transcription_minutes_limit_exceeded" })).toBe("parley_usage_limit_exceeded");
    expect(meetingDisplayCode({ code: "done", subcode: null })).toBe("done");
    expect(meetingDisplayCode({ code: "in_call_recording" })).toBe("in_call_recording");
  });

  it("promises a transcript only while one is on its way", () => {
    expect(transcriptOutlook({ type: "file", transcriptionCode: "transcription_in_progress" })).toBe("coming");
    expect(transcriptOutlook({ type: "file", transcriptionCode: "transcription_ready" })).toBe("ready");
    for (const code of ["transcription_failed", "transcription_no_speech_detected", "transcription_language_not_supported"] as const) {
      expect(transcriptOutlook({ type: "file", transcriptionCode: code })).toBe("none");
    }
    expect(transcriptOutlook({ type: "meeting", meeting: { code: "in_call_recording" } })).toBe("coming");
    expect(transcriptOutlook({ type: "meeting", meeting: { code: "fatal", subcode: "meeting_platform_unreachable" } })).toBe("none");
    expect(transcriptOutlook({ type: "meeting", meeting: { code: "done", subcode: "meeting_locked" }, active: false })).toBe("none");
    expect(transcriptOutlook({ type: "meeting", meeting: { code: "done", subcode: "bot_received_leave_call" }, active: false })).toBe(
      "none",
    );
    // Ended well: its recording is handed to transcription next.
    expect(transcriptOutlook({ type: "meeting", meeting: { code: "call_ended", subcode: "timeout_exceeded_everyone_left" } })).toBe(
      "coming",
    );
  });

  it("is in progress while either status is non-final (interpretations 19)", () => {
    expect(isNoteInProgress({ type: "file", transcriptionCode: "transcription_in_progress" })).toBe(true);
    expect(isNoteInProgress({ type: "meeting", meeting: { code: "fatal" } })).toBe(true);
    expect(isNoteInProgress({ type: "meeting", transcriptionCode: "transcription_ready", meeting: { code: "in_call_recording" } })).toBe(
      true,
    );
    expect(isNoteInProgress({ type: "meeting", transcriptionCode: "transcription_ready", meeting: { code: "done" } })).toBe(false);
    expect(isNoteInProgress({ type: "text" })).toBe(false);
  });
});

describe("status labels", () => {
  it("use note-specific wording for text, document and YouTube notes while in progress or failed", () => {
    const inProgress = { kind: "transcription", code: "transcription_in_progress" } as const;
    expect(statusLabelKey(inProgress, "youtube")).toBe("statuses.transcription.transcription_in_progress_youtube");
    expect(statusLabelKey(inProgress, "file")).toBe("statuses.transcription.transcription_in_progress");
    expect(statusLabelKey({ kind: "transcription", code: "transcription_ready" }, "text")).toBe(
      "statuses.transcription.transcription_ready",
    );
  });

  it("exist in the catalog for every status and note type", () => {
    const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
    const statuses = [
      ...transcriptionCodes.map((code) => ({ kind: "transcription", code }) as const),
      ...meetingCodes.map((code) => ({ kind: "meeting", code, subcode: null }) as const),
      { kind: "noRecording" } as const,
      { kind: "notes", code: "notes_in_progress" } as const,
      { kind: "notes", code: "notes_failed" } as const,
    ];
    for (const status of statuses) {
      for (const type of noteTypes) {
        const key = statusLabelKey(status, type);
        expect(typeof lookup(key ?? ""), key ?? "none").toBe("string");
      }
    }
    expect(lookup("statuses.transcription.transcription_ready")).toBe("Notes ready");
  });
});

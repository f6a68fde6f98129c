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
  noteTypes,
  statusLabelKey,
  transcriptionCodes,
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

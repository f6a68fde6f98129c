import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "~/shared/i18n/locales";
import {
  failedEndingSubcodes,
  onlyBotsSubcodes,
  permissionDeniedSubcodes,
  successEndingSubcodes,
  usageLimitSubcodes,
} from "~/shared/notes/meeting-endings";
import type { MeetingCode } from "~/shared/notes/statuses";
import {
  canSendAgain,
  explainMeetingStatus,
  fatalSubcodes,
  googleMeetPlatformFatalSubcodes,
  progressCodes,
  zoomPlatformFatalSubcodes,
} from "./meeting-explanation";

const catalogs = Object.fromEntries(
  locales.map((locale) => [locale, JSON.parse(readFileSync(path.resolve("i18n", locale, "meetings.json"), "utf8")) as unknown]),
);

function textOf(locale: string, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      catalogs[locale],
    );
}

const catchAlls = [
  "explanations.fatal.other",
  "explanations.permissionDenied.other",
  "explanations.ended.other",
  "explanations.usageLimit.other",
];

/** Every status the brief and spec sections 4 and 8 name, with the code it arrives under. */
const namedStatuses: { code: MeetingCode; subcode: string | null }[] = [
  ...progressCodes.map((code) => ({ code, subcode: null })),
  ...fatalSubcodes.map((subcode) => ({ code: "fatal" as const, subcode })),
  ...zoomPlatformFatalSubcodes.map((subcode) => ({ code: "fatal" as const, subcode })),
  ...googleMeetPlatformFatalSubcodes.map((subcode) => ({ code: "fatal" as const, subcode })),
  ...permissionDeniedSubcodes.map((subcode) => ({ code: "recording_permission_denied" as const, subcode })),
  ...[...successEndingSubcodes, ...failedEndingSubcodes, ...onlyBotsSubcodes].map((subcode) => ({ code: "call_ended" as const, subcode })),
  { code: "call_ended", subcode: null },
  { code: "done", subcode: null },
  ...usageLimitSubcodes.map((subcode) => ({ code: "parley_usage_limit_exceeded" as const, subcode })),
];

describe("explainMeetingStatus", () => {
  it.each(namedStatuses)("$code / $subcode has its own text in en, es and pt", (status) => {
    const { key } = explainMeetingStatus(status);
    expect(catchAlls).not.toContain(key);
    for (const locale of locales) {
      const text = textOf(locale, key);
      expect(typeof text === "string" && text.trim().length > 0, `${locale}: ${key}`).toBe(true);
    }
  });

  it.each(catchAlls)("the catch-all %s has text in en, es and pt", (key) => {
    for (const locale of locales) expect(typeof textOf(locale, key)).toBe("string");
  });

  it("names each fatal and permission-denied subcode of spec section 8 with a text of its own", () => {
    const keys = [...fatalSubcodes, ...permissionDeniedSubcodes].map(
      (subcode) =>
        explainMeetingStatus({ code: fatalSubcodes.includes(subcode as never) ? "fatal" : "recording_permission_denied", subcode }).key,
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const subcode of [
      "meeting_requires_sign_in",
      "meeting_requires_registration",
      "zoom_registration_required",
      "meeting_not_found",
    ]) {
      expect(explainMeetingStatus({ code: "fatal", subcode }).key).toBe(`explanations.fatal.${subcode}`);
    }
  });

  it("zoom_registration_required, and only it, links to connecting the meeting service", () => {
    const linked = namedStatuses.filter((status) => explainMeetingStatus(status).hasConnectLink);
    expect(linked).toEqual([{ code: "fatal", subcode: "zoom_registration_required" }]);
    expect(explainMeetingStatus({ code: "done", subcode: "zoom_registration_required" }).hasConnectLink).toBe(true);
  });

  it("reads success endings as success and the free plan's recording cap as 'usage limit exceeded'", () => {
    for (const subcode of [...successEndingSubcodes, null]) {
      expect(explainMeetingStatus({ code: "call_ended", subcode }).tone).toBe("success");
      expect(explainMeetingStatus({ code: "done", subcode }).tone).toBe("success");
    }
    expect(explainMeetingStatus({ code: "call_ended", subcode: "bot_kicked_from_waiting_room" }).tone).toBe("warning");
    const capped = explainMeetingStatus({ code: "call_ended", subcode: "timeout_exceeded_in_call_recording" });
    expect(capped.tone).toBe("warning");
    expect(textOf("en", capped.key)).toMatch(/^Usage limit exceeded/);
  });

  it("explains `done` by the subcode of the ending before it", () => {
    const pairs: [MeetingCode, string][] = [
      ["fatal", "meeting_not_found"],
      ["fatal", "google_meet_bot_blocked"],
      ["call_ended", "timeout_exceeded_noone_joined"],
      ["call_ended", "timeout_exceeded_only_bots_detected_using_participant_names"],
      ["recording_permission_denied", "zoom_local_recording_denied"],
      ["parley_usage_limit_exceeded", "concurrent_meetings_limit_exceeded"],
    ];
    for (const [code, subcode] of pairs) {
      expect(explainMeetingStatus({ code: "done", subcode })).toEqual(explainMeetingStatus({ code, subcode }));
    }
  });

  it("asks to let the notetaker in from the waiting room and says it waits for audio when not recording", () => {
    expect(textOf("en", explainMeetingStatus({ code: "in_waiting_room" }).key)).toMatch(/ask the host to let the notetaker in/i);
    expect(textOf("en", explainMeetingStatus({ code: "in_call_not_recording" }).key)).toMatch(/waiting for audio/i);
  });

  it("gives unknown subcodes their group's text rather than nothing", () => {
    expect(explainMeetingStatus({ code: "fatal", subcode: "zoom_something_new" }).key).toBe("explanations.fatal.zoomPlatform");
    expect(explainMeetingStatus({ code: "fatal", subcode: "google_meet_something_new" }).key).toBe("explanations.fatal.googleMeetPlatform");
    expect(explainMeetingStatus({ code: "fatal", subcode: "webex_join_meeting_error" }).key).toBe("explanations.fatal.other");
    expect(explainMeetingStatus({ code: "fatal", subcode: null }).key).toBe("explanations.fatal.other");
    expect(explainMeetingStatus({ code: "recording_permission_denied", subcode: "zoom_new_reason" }).key).toBe(
      "explanations.permissionDenied.other",
    );
    expect(explainMeetingStatus({ code: "call_ended", subcode: "call_ended_some_new_way" }).key).toBe("explanations.ended.other");
    expect(explainMeetingStatus({ code: "parley_usage_limit_exceeded", subcode: null }).key).toBe("explanations.usageLimit.other");
  });
});

describe("canSendAgain", () => {
  it("offers a new send once the bot is done, after a cause that can go away", () => {
    for (const subcode of [
      "meeting_platform_unreachable",
      "bot_errored",
      "meeting_locked",
      "meeting_full",
      "meeting_not_started",
      "zoom_join_timeout",
      "google_meet_bot_blocked",
      "bot_kicked_from_waiting_room",
      "timeout_exceeded_waiting_room",
      "timeout_exceeded_noone_joined",
      "zoom_local_recording_denied",
      "bot_received_leave_call",
    ]) {
      expect(canSendAgain({ code: "done", subcode }), subcode).toBe(true);
    }
  });

  it("does not while the bot is still on its way out, nor where the same link cannot work", () => {
    expect(canSendAgain({ code: "fatal", subcode: "meeting_platform_unreachable" })).toBe(false);
    expect(canSendAgain({ code: "call_ended", subcode: "bot_kicked_from_waiting_room" })).toBe(false);
    for (const subcode of [
      null,
      "meeting_password_incorrect",
      "meeting_not_found",
      "meeting_ended",
      "meeting_link_expired",
      "meeting_link_invalid",
      "zoom_local_recording_grant_not_supported",
      "timeout_exceeded_everyone_left",
      "call_ended_by_host",
      "timeout_exceeded_in_call_recording",
      "transcription_minutes_limit_exceeded",
      "concurrent_meetings_limit_exceeded",
    ]) {
      expect(canSendAgain({ code: "done", subcode }), String(subcode)).toBe(false);
    }
  });
});

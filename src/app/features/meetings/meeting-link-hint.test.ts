import { describe, expect, it } from "vitest";
import { meetingLinkHint } from "./meeting-link-hint";

describe("meetingLinkHint", () => {
  it("says nothing before anything is typed", () => {
    expect(meetingLinkHint("")).toEqual({ kind: "empty" });
    expect(meetingLinkHint("   ")).toEqual({ kind: "empty" });
  });

  it("names the platform and the meeting of a pasted link", () => {
    expect(meetingLinkHint(" https://meet.google.com/abc-defg-hij?authuser=0 ")).toEqual({
      kind: "recognized",
      platform: "google_meet",
      meetingId: "abc-defg-hij",
    });
    expect(meetingLinkHint("zoom.us/j/12345678901?pwd=secret")).toEqual({ kind: "recognized", platform: "zoom", meetingId: "12345678901" });
    expect(meetingLinkHint("https://teams.live.com/meet/9312345678901?p=abc")).toEqual({
      kind: "recognized",
      platform: "microsoft_teams",
      meetingId: "9312345678901",
    });
  });

  it("keeps both ends of a long Teams meeting id", () => {
    const thread = "19:meeting_NjQ4ZTJhMzAtOGE1Ni00ZmRkLWI5ZGMtZjY0YjQ1NzM4ZWQ3@thread.v2";
    const hint = meetingLinkHint(`https://teams.microsoft.com/l/meetup-join/${encodeURIComponent(thread)}/0`);
    expect(hint).toEqual({ kind: "recognized", platform: "microsoft_teams", meetingId: "19:meeting_NjQ4Z…@thread.v2" });
  });

  it("refuses links of other sites and look-alike hosts", () => {
    expect(meetingLinkHint("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({ kind: "unrecognized" });
    expect(meetingLinkHint("https://zoom.us.evil.example/j/12345678901")).toEqual({ kind: "unrecognized" });
    expect(meetingLinkHint("meet.google.com/not-a-code")).toEqual({ kind: "unrecognized" });
  });
});

import { describe, expect, it } from "vitest";
import { automaticMeetingTitle, meetingTitleIn, readableMeetingCode, shortMeetingTitle, storedMeetingTitle } from "./meeting-title";
import { parseMeetingUrl } from "./meeting-url";

function link(url: string) {
  const parsed = parseMeetingUrl(url);
  if (!parsed) throw new Error(`not a meeting link: ${url}`);
  return parsed;
}

const teamsThread = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_ABCdef123@thread.v2/0";

describe("meeting note titles (issue 17)", () => {
  it("keep a short code people can read, and none for a Teams thread id", () => {
    expect(readableMeetingCode(link("https://meet.google.com/abc-defg-hij"))).toBe("abc-defg-hij");
    expect(readableMeetingCode(link("https://zoom.us/j/85012345678?pwd=x"))).toBe("850 1234 5678");
    expect(readableMeetingCode(link("https://zoom.us/j/1234567890"))).toBe("123 456 7890");
    expect(readableMeetingCode(link("https://zoom.us/my/ana.lima"))).toBe("ana.lima");
    expect(readableMeetingCode(link("https://teams.live.com/meet/9312345678901?p=x"))).toBe("931 234 567 890 1");
    expect(readableMeetingCode(link(teamsThread))).toBeNull();
  });

  it("are stored without words of any language", () => {
    expect(storedMeetingTitle(link("https://meet.google.com/abc-defg-hij"))).toBe("Google Meet abc-defg-hij");
    expect(storedMeetingTitle(link(teamsThread))).toBe("Microsoft Teams");
  });

  it("are automatic while stored as made (now or before, in en, es or pt), and the user's once renamed", () => {
    const meet = "https://meet.google.com/abc-defg-hij";
    const parts = { platform: "google_meet", code: "abc-defg-hij" };
    for (const title of ["Google Meet abc-defg-hij", "", "Google Meet meeting abc-defg-hij", "Reunión de Google Meet abc-defg-hij"]) {
      expect(automaticMeetingTitle(title, meet)).toEqual(parts);
    }
    expect(automaticMeetingTitle("Microsoft Teams meeting 19:meeting_ABCdef123@thread.v2", teamsThread)).toEqual({
      platform: "microsoft_teams",
      code: null,
    });
    expect(automaticMeetingTitle("Reunião do Microsoft Teams 19:meeting_ABCdef123@thread.v2", teamsThread)).toEqual({
      platform: "microsoft_teams",
      code: null,
    });
    expect(automaticMeetingTitle("Weekly sales sync", meet)).toBeNull();
    expect(automaticMeetingTitle("Google Meet meeting xyz-wxyz-xyz", meet)).toBeNull();
    expect(automaticMeetingTitle("Google Meet", "https://example.com/not-a-meeting")).toBeNull();
  });

  it("have a short neutral form where no reader's language is known, and a translated one where it is", () => {
    const meet = "https://meet.google.com/abc-defg-hij";
    expect(shortMeetingTitle("Microsoft Teams meeting 19:meeting_ABCdef123@thread.v2", teamsThread)).toBe("Microsoft Teams");
    expect(shortMeetingTitle("Reunión de Google Meet abc-defg-hij", meet)).toBe("Google Meet abc-defg-hij");
    expect(shortMeetingTitle("Weekly sales sync", meet)).toBe("Weekly sales sync");
    expect(shortMeetingTitle("Notes", null)).toBe("Notes");
    const say = (key: string, values: Record<string, string>) => `${key}|${Object.values(values).join("|")}`;
    expect(meetingTitleIn({ platform: "google_meet", code: "abc-defg-hij" }, say)).toBe(
      "note.meetingTitleWithCode|Google Meet|abc-defg-hij",
    );
    expect(meetingTitleIn({ platform: "microsoft_teams", code: null }, say)).toBe("note.meetingTitle|Microsoft Teams");
  });
});

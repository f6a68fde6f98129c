import { describe, expect, it } from "vitest";
import { normaliseGraphEvent } from "./graph-event-normaliser";
import { graphEventSchema } from "./graph-event-shape";

// Recorded shapes of Microsoft Graph calendarView delta items (Prefer outlook.timezone="UTC").
const read = (json: unknown) => normaliseGraphEvent(graphEventSchema.parse(json));

const teamsEvent = {
  "@odata.etag": 'W/"DwAAABYAAAA="',
  id: "AAMkAGI2TG93AAA=",
  subject: "Planning",
  isAllDay: false,
  isCancelled: false,
  start: { dateTime: "2026-11-26T15:00:00.0000000", timeZone: "UTC" },
  end: { dateTime: "2026-11-26T16:00:00.0000000", timeZone: "UTC" },
  location: { displayName: "Microsoft Teams Meeting", locationType: "default" },
  locations: [{ displayName: "Microsoft Teams Meeting" }],
  body: { contentType: "html", content: "<html><body>Join <a href='https://zoom.us/j/99999999999'>zoom</a></body></html>" },
  onlineMeeting: {
    joinUrl:
      "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjA4%40thread.v2/0?context=%7b%22Tid%22%3a%2272f988bf%22%2c%22Oid%22%3a%22a1b2%22%7d",
  },
  attendees: [
    { type: "required", emailAddress: { name: "Ana", address: "Ana@Example.com" } },
    { type: "resource", emailAddress: { name: "Room", address: "room@example.com" } },
  ],
  organizer: { emailAddress: { name: "Boss", address: "boss@example.com" } },
};

describe("Graph event normaliser", () => {
  it("reads onlineMeeting.joinUrl before the body, and UTC times without an offset", () => {
    const event = read(teamsEvent);
    expect(event).toMatchObject({
      providerEventId: teamsEvent.id,
      title: "Planning",
      startsAt: new Date("2026-11-26T15:00:00Z"),
      endsAt: new Date("2026-11-26T16:00:00Z"),
      meetingPlatform: "microsoft_teams",
      attendees: [{ email: "ana@example.com", name: "Ana" }],
      organizerEmail: "boss@example.com",
    });
  });

  it("falls back to the locations, then the HTML body", () => {
    const { onlineMeeting: _omit, ...withoutTeams } = teamsEvent;
    expect(read(withoutTeams)).toMatchObject({ meetingPlatform: "zoom", meetingUrl: "https://zoom.us/j/99999999999" });
    expect(
      read({ ...withoutTeams, locations: [{ displayName: "Meet", locationUri: "https://meet.google.com/abc-defg-hij" }] }),
    ).toMatchObject({
      meetingPlatform: "google_meet",
    });
  });

  it("reads @removed items as removals and cancelled ones as cancelled", () => {
    expect(read({ id: "AAMkGone=", "@removed": { reason: "deleted" } })).toEqual({ providerEventId: "AAMkGone=", removed: true });
    expect(read({ ...teamsEvent, isCancelled: true })).toMatchObject({ isCancelled: true });
    expect(read({ ...teamsEvent, isAllDay: true })).toMatchObject({ isAllDay: true });
  });
});

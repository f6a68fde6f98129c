import { describe, expect, it } from "vitest";
import { normaliseGoogleEvent } from "./google-event-normaliser";
import { googleEventSchema } from "./google-event-shape";

// Recorded shapes of Google Calendar v3 events (singleEvents=true), trimmed to what the product reads.
const read = (json: unknown) => normaliseGoogleEvent(googleEventSchema.parse(json));

const meetEvent = {
  kind: "calendar#event",
  id: "4kq1m0m9v7l6rj5t3f2vq8o1ab_20261126T150000Z",
  status: "confirmed",
  summary: " Weekly sync ",
  start: { dateTime: "2026-11-26T16:00:00+01:00", timeZone: "Europe/Madrid" },
  end: { dateTime: "2026-11-26T16:30:00+01:00", timeZone: "Europe/Madrid" },
  hangoutLink: "https://meet.google.com/zzz-yyyy-xxx",
  conferenceData: {
    entryPoints: [
      { entryPointType: "phone", uri: "tel:+1-555-0100" },
      { entryPointType: "video", uri: "https://meet.google.com/abc-defg-hij", label: "meet.google.com/abc-defg-hij" },
    ],
    conferenceSolution: { key: { type: "hangoutsMeet" } },
  },
  organizer: { email: "Boss@Example.com" },
  attendees: [
    { email: "Ana@example.com", displayName: "Ana", responseStatus: "accepted" },
    { email: "room-1@resource.calendar.google.com", resource: true },
  ],
  recurringEventId: "4kq1m0m9v7l6rj5t3f2vq8o1ab",
};

describe("Google event normaliser", () => {
  it("reads a Meet instance: the video entry point first, instants in UTC, attendees without rooms", () => {
    expect(read(meetEvent)).toEqual({
      providerEventId: meetEvent.id,
      title: "Weekly sync",
      startsAt: new Date("2026-11-26T15:00:00Z"),
      endsAt: new Date("2026-11-26T15:30:00Z"),
      isAllDay: false,
      isCancelled: false,
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      meetingPlatform: "google_meet",
      attendees: [{ email: "ana@example.com", name: "Ana" }],
      organizerEmail: "boss@example.com",
    });
  });

  it("falls back to hangoutLink, then location, then the description's HTML (SafeLinks unwrapped)", () => {
    const base = { id: "e1", start: { dateTime: "2026-11-26T10:00:00Z" }, end: { dateTime: "2026-11-26T11:00:00Z" } };
    expect(read({ ...base, hangoutLink: "https://meet.google.com/aaa-bbbb-ccc" })).toMatchObject({ meetingPlatform: "google_meet" });
    expect(read({ ...base, location: "https://us02web.zoom.us/j/81234567890?pwd=secret" })).toMatchObject({ meetingPlatform: "zoom" });
    const wrapped = `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent("https://teams.microsoft.com/meet/123456789012?p=abc")}&data=x`;
    const described = read({ ...base, location: "Room 4", description: `<p>Join:<br><a href="${wrapped}">Click here</a></p>` });
    expect(described).toMatchObject({
      meetingPlatform: "microsoft_teams",
      meetingUrl: "https://teams.microsoft.com/meet/123456789012?p=abc",
    });
  });

  it("refuses look-alike hosts", () => {
    const base = { id: "e2", start: { dateTime: "2026-11-26T10:00:00Z" }, end: { dateTime: "2026-11-26T11:00:00Z" } };
    expect(
      read({ ...base, location: "https://zoom.us.evil.example/j/81234567890", description: "see https://meet-google.com/abc-defg-hij" }),
    ).toMatchObject({
      meetingUrl: null,
      meetingPlatform: null,
    });
  });

  it("reads all-day events as the day in UTC and a bare cancelled instance as a removal", () => {
    expect(read({ id: "a1", summary: "Holiday", start: { date: "2026-12-24" }, end: { date: "2026-12-26" } })).toMatchObject({
      isAllDay: true,
      startsAt: new Date("2026-12-24T00:00:00Z"),
      endsAt: new Date("2026-12-26T00:00:00Z"),
    });
    expect(read({ id: "gone1", status: "cancelled" })).toEqual({ providerEventId: "gone1", removed: true });
    expect(read({ ...meetEvent, status: "cancelled" })).toMatchObject({ isCancelled: true });
  });
});

import type { GoogleEvent } from "./google-event-shape";
import { findMeetingLink, htmlToText, type ProviderChange } from "./provider-event";

// A Google Calendar v3 event (singleEvents=true: one instance) in the neutral shape. All-day events carry
// `date` (no time): read as that day in UTC, shown but never joined. A cancelled instance with no times is
// a deletion; one with times is kept as cancelled so its scheduled bot is called off.

export function normaliseGoogleEvent(event: GoogleEvent): ProviderChange {
  const isCancelled = event.status === "cancelled";
  const start = instantOf(event.start);
  const end = instantOf(event.end);
  if (!start || !end) return { providerEventId: event.id, removed: true };
  const video = event.conferenceData?.entryPoints?.find((point) => point.entryPointType === "video")?.uri;
  const link = findMeetingLink([video, event.hangoutLink, event.location, event.description ? htmlToText(event.description) : null]);
  return {
    providerEventId: event.id,
    title: event.summary?.trim() ?? "",
    startsAt: start.at,
    endsAt: end.at,
    isAllDay: start.isDate,
    isCancelled,
    meetingUrl: link?.url ?? null,
    meetingPlatform: link?.platform ?? null,
    attendees: (event.attendees ?? [])
      .filter((attendee) => attendee.email && !attendee.resource)
      .map((attendee) => ({ email: (attendee.email ?? "").toLowerCase(), name: attendee.displayName ?? null })),
    organizerEmail: event.organizer?.email?.toLowerCase() ?? null,
  };
}

function instantOf(time: GoogleEvent["start"]): { at: Date; isDate: boolean } | null {
  if (time?.dateTime) {
    const at = new Date(time.dateTime);
    return Number.isNaN(at.getTime()) ? null : { at, isDate: false };
  }
  if (time?.date && /^\d{4}-\d{2}-\d{2}$/.test(time.date)) return { at: new Date(`${time.date}T00:00:00Z`), isDate: true };
  return null;
}

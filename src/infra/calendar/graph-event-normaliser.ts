import type { GraphEvent } from "./graph-event-shape";
import { findMeetingLink, htmlToText, type ProviderChange } from "./provider-event";

// A Graph event (a calendarView instance) in the neutral shape. Times were asked for in UTC
// (Prefer outlook.timezone="UTC"), so a dateTime without an offset is read as UTC. `@removed` items are
// deletions.

export function normaliseGraphEvent(event: GraphEvent): ProviderChange {
  if (event["@removed"]) return { providerEventId: event.id, removed: true };
  const start = instantOf(event.start?.dateTime);
  const end = instantOf(event.end?.dateTime);
  if (!start || !end) return { providerEventId: event.id, removed: true };
  const locations = [event.location, ...(event.locations ?? [])].flatMap((place) => [place?.locationUri, place?.displayName]);
  const body = event.body?.content
    ? event.body.contentType === "html"
      ? htmlToText(event.body.content)
      : event.body.content
    : event.bodyPreview;
  const link = findMeetingLink([event.onlineMeeting?.joinUrl, event.onlineMeetingUrl, ...locations, body]);
  return {
    providerEventId: event.id,
    title: event.subject?.trim() ?? "",
    startsAt: start,
    endsAt: end,
    isAllDay: event.isAllDay ?? false,
    isCancelled: event.isCancelled ?? false,
    meetingUrl: link?.url ?? null,
    meetingPlatform: link?.platform ?? null,
    attendees: (event.attendees ?? [])
      .filter((attendee) => attendee.emailAddress?.address && attendee.type !== "resource")
      .map((attendee) => ({ email: (attendee.emailAddress?.address ?? "").toLowerCase(), name: attendee.emailAddress?.name ?? null })),
    organizerEmail: event.organizer?.emailAddress?.address?.toLowerCase() ?? null,
  };
}

function instantOf(dateTime: string | undefined): Date | null {
  if (!dateTime) return null;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(dateTime);
  const at = new Date(hasOffset ? dateTime : `${dateTime}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

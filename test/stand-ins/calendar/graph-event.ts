import type { Attendee, CalendarEvent, Occurrence } from "./calendar-event";
import { descriptionWithLink, linkKind } from "./meeting-links";
import type { JsonObject } from "./store";
import { graphDateTime, instanceStamp } from "./time";

// A neutral occurrence as Microsoft Graph's event resource (research 2.2): times as wall clock in the
// zone the Prefer header asked for (UTC by default), occurrences of a series with their seriesMasterId.

export interface GraphView {
  email: string;
  /** From `Prefer: outlook.timezone="…"`; UTC without it. */
  timeZone: string;
}

export const graphOccurrenceId = (event: CalendarEvent, originalStartMs: number) =>
  `${event.id}_${instanceStamp(originalStartMs, event.allDay)}`;
export const graphItemId = (item: Occurrence) =>
  item.originalStartMs === null ? item.event.id : graphOccurrenceId(item.event, item.originalStartMs);

const responses: Record<Attendee["response"], string> = {
  accepted: "accepted",
  tentative: "tentativelyAccepted",
  declined: "declined",
  needsAction: "none",
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const htmlDocument = (content: string) =>
  `<html>\r\n<head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n</head>\r\n<body>\r\n${content}\r\n</body>\r\n</html>\r\n`;
const preview = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 255);

function linkFields(item: Occurrence): JsonObject {
  const { event, meetingUrl: url } = item;
  const location = event.location ?? "";
  const content = url && event.linkPlace === "description" ? descriptionWithLink(event.description, url) : (event.description ?? "");
  const where = url && event.linkPlace === "location" ? url : location;
  const online =
    url !== null && (event.linkPlace === "onlineMeeting" || event.linkPlace === "conference" || event.linkPlace === "hangoutLink");
  return {
    bodyPreview: preview(content),
    body: { contentType: "html", content: content ? htmlDocument(content) : "" },
    location: { displayName: where, locationType: "default", uniqueIdType: where ? "private" : "unknown", address: {}, coordinates: {} },
    locations: where ? [{ displayName: where, locationType: "default", uniqueIdType: "private" }] : [],
    isOnlineMeeting: online,
    onlineMeetingProvider: online && url && linkKind(url) === "teams" ? "teamsForBusiness" : "unknown",
    onlineMeetingUrl: null,
    onlineMeeting: online ? { joinUrl: url } : null,
  };
}

function people(event: CalendarEvent, email: string): JsonObject {
  const isOrganizer = same(event.organizer.email, email);
  const own = event.attendees.find((a) => same(a.email, email));
  return {
    isOrganizer,
    responseStatus: { response: isOrganizer ? "organizer" : own ? responses[own.response] : "notResponded", time: "0001-01-01T00:00:00Z" },
    attendees: event.attendees
      .filter((a) => !same(a.email, event.organizer.email))
      .map((a) => ({
        type: "required",
        status: { response: responses[a.response], time: "0001-01-01T00:00:00Z" },
        emailAddress: { name: a.name, address: a.email },
      })),
    organizer: { emailAddress: { name: event.organizer.name, address: event.organizer.email } },
  };
}

/** One event resource: a single instance, or an occurrence / exception of a series. */
export function graphEvent(item: Occurrence, view: GraphView): JsonObject {
  const { event } = item;
  const id = graphItemId(item);
  const type = item.originalStartMs === null ? "singleInstance" : item.override ? "exception" : "occurrence";
  const time = (ms: number) => ({ dateTime: graphDateTime(ms, event.allDay ? "UTC" : view.timeZone), timeZone: view.timeZone });
  return {
    "@odata.etag": `W/"${Buffer.from(`v${item.version}`).toString("base64")}"`,
    id,
    createdDateTime: new Date(event.createdMs).toISOString(),
    lastModifiedDateTime: new Date(item.updatedMs).toISOString(),
    changeKey: Buffer.from(`v${item.version}`).toString("base64"),
    categories: [],
    originalStartTimeZone: event.timeZone,
    originalEndTimeZone: event.timeZone,
    iCalUId: event.iCalUID,
    reminderMinutesBeforeStart: 15,
    isReminderOn: true,
    hasAttachments: false,
    subject: item.title,
    importance: "normal",
    sensitivity: "normal",
    isAllDay: event.allDay,
    isCancelled: item.cancelled,
    responseRequested: true,
    seriesMasterId: item.originalStartMs === null ? null : event.id,
    showAs: event.status === "tentative" ? "tentative" : "busy",
    type,
    webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
    allowNewTimeProposals: true,
    isDraft: false,
    hideAttendees: false,
    ...linkFields(item),
    start: time(item.startMs),
    end: time(item.endMs),
    recurrence: null,
    ...people(event, view.email),
  };
}

/** How delta reports an item that left the calendar (deleted, cancelled, or moved out of the window). */
export const graphRemoved = (id: string): JsonObject => ({
  "@odata.type": "#microsoft.graph.event",
  id,
  "@removed": { reason: "deleted" },
});

/** Keeps only the $select fields (and the ones Graph always sends: id and @odata.etag). */
export function selectFields(resource: JsonObject, select: string | null): JsonObject {
  if (!select) return resource;
  const wanted = new Set(["id", "@odata.etag", ...select.split(",").map((name) => name.trim())]);
  return Object.fromEntries(Object.entries(resource).filter(([name]) => wanted.has(name)));
}

import { type MeetingLink, parseMeetingUrl } from "~/shared/meetings/meeting-url";

// The one shape both providers' events are read into (issue 18): instants in UTC, the meeting link found
// by the shared meeting-link module (SafeLinks unwrapped, look-alikes refused), attendees and organizer.

export interface ProviderAttendee {
  email: string;
  name: string | null;
}

export interface ProviderEvent {
  /** The provider's id of this instance (recurring events arrive expanded, one id per occurrence). */
  providerEventId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  isAllDay: boolean;
  isCancelled: boolean;
  meetingUrl: string | null;
  meetingPlatform: MeetingLink["platform"] | null;
  attendees: ProviderAttendee[];
  organizerEmail: string | null;
}

/** An event the provider says is gone (Google `cancelled` with no times, Graph `@removed`). */
export interface RemovedEvent {
  providerEventId: string;
  removed: true;
}

export type ProviderChange = ProviderEvent | RemovedEvent;

export const isRemoved = (change: ProviderChange): change is RemovedEvent => "removed" in change;

/** One page of a sync: the changes, and either the next page or the cursor for the next sync. */
export interface SyncPage {
  changes: ProviderChange[];
  nextPage: string | null;
  /** Google nextSyncToken or Graph deltaLink, on the last page only. */
  cursor: string | null;
}

const urlPattern = /(?:https?:\/\/|zoommtg:\/\/)[^\s<>"'()]+/gi;

/** Text of an HTML description or body: tags dropped (hrefs kept as text), entities read, whitespace folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>/gi, " $1 ")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|li|tr)>/gi, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, "&")
    .replace(/[ \t]+/g, " ")
    .trim();
}

/**
 * The first meeting link among the candidates, in the order given (the provider's own conference field
 * first, free text last). Each candidate is tried whole, then every URL found in it.
 */
export function findMeetingLink(candidates: readonly (string | null | undefined)[]): MeetingLink | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const whole = parseMeetingUrl(candidate.trim());
    if (whole) return whole;
    for (const match of candidate.matchAll(urlPattern)) {
      const link = parseMeetingUrl(match[0].replace(/[>.,;)\]]+$/, ""));
      if (link) return link;
    }
  }
  return null;
}

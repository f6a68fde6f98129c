import { type MeetingPlatform, parseMeetingUrl } from "~/shared/meetings/meeting-url";

// What the send-bot form says under the link while the user types or pastes: which meeting it recognised
// ("Google Meet meeting abc-defg-hij") or that it is no meeting link of the three platforms.

export type MeetingLinkHint =
  | { kind: "empty" }
  | { kind: "recognized"; platform: MeetingPlatform; meetingId: string }
  | { kind: "unrecognized" };

// Teams meetup-join ids run to 60+ characters ("19:meeting_…@thread.v2"): the hint shows both ends,
// enough to tell two meetings apart on a 390 px screen.
const maxShownIdLength = 28;

function shortenId(id: string): string {
  if (id.length <= maxShownIdLength) return id;
  return `${id.slice(0, 16)}…${id.slice(-10)}`;
}

export function meetingLinkHint(text: string): MeetingLinkHint {
  if (text.trim().length === 0) return { kind: "empty" };
  const link = parseMeetingUrl(text);
  if (!link) return { kind: "unrecognized" };
  return { kind: "recognized", platform: link.platform, meetingId: shortenId(link.meetingId) };
}

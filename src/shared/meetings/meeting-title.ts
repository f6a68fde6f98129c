import { type MeetingLink, type MeetingPlatform, parseMeetingUrl } from "./meeting-url";

// A meeting note's automatic title (issue 17): the platform and, where people can read it, a short meeting
// code ("Google Meet abc-defg-hij", "Zoom 850 1234 5678", "Microsoft Teams": a Teams thread id is no code
// anyone reads). It is stored language-neutral; the owner's pages say it in the reader's language ("Reunión
// de Microsoft Teams") for as long as the note keeps it. A title the user renamed is theirs and stays as is.

/** The platforms' own names, the same in every language. */
export const meetingPlatformNames: Record<MeetingPlatform, string> = {
  google_meet: "Google Meet",
  microsoft_teams: "Microsoft Teams",
  zoom: "Zoom",
};

/** Digits in groups, as the platforms print meeting ids in invitations. */
function groupDigits(digits: string, sizes: readonly number[]): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return groups.join(" ");
}

/**
 * The meeting's code as people read it, or null where there is none: Meet's "abc-defg-hij"; Zoom's id as
 * Zoom prints it ("850 1234 5678") or a personal link's name; the numeric id of a Teams /meet/ link in
 * threes (Teams' "Meeting ID"). A Teams meetup-join thread id ("19:meeting_…@thread.v2") is not one.
 */
export function readableMeetingCode({ platform, meetingId }: Pick<MeetingLink, "platform" | "meetingId">): string | null {
  switch (platform) {
    case "google_meet":
      return meetingId;
    case "zoom":
      if (meetingId.startsWith("my/")) return meetingId.slice(3);
      return groupDigits(meetingId, meetingId.length === 11 ? [3, 4, 4] : [3, 3, 4]);
    case "microsoft_teams":
      return /^\d+$/.test(meetingId)
        ? groupDigits(
            meetingId,
            Array.from({ length: 7 }, () => 3),
          )
        : null;
  }
}

/** What the title of a new meeting note stores: the platform's name and the readable code, if any. */
export function storedMeetingTitle(link: Pick<MeetingLink, "platform" | "meetingId">): string {
  const code = readableMeetingCode(link);
  return code ? `${meetingPlatformNames[link.platform]} ${code}` : meetingPlatformNames[link.platform];
}

/** The parts the pages put in the reader's language. */
export interface MeetingTitleParts {
  platform: MeetingPlatform;
  /** A short meeting code, or null (the title is the platform's name alone). */
  code: string | null;
}

/**
 * The automatic title's parts when the note still has it: the stored neutral title, an empty one, or one of
 * the long titles stored before issue 17 ("{platform} meeting {id}" in en, "Reunión de {platform} {id}" in es,
 * "Reunião do {platform} {id}" in pt, raw ids included). Null for a renamed note or a link that is no
 * meeting's.
 */
export function automaticMeetingTitle(title: string, meetingUrl: string): MeetingTitleParts | null {
  const link = parseMeetingUrl(meetingUrl);
  if (!link) return null;
  const name = meetingPlatformNames[link.platform];
  const automatic = new Set([
    "",
    storedMeetingTitle(link),
    `${name} meeting ${link.meetingId}`,
    `Reunión de ${name} ${link.meetingId}`,
    `Reunião do ${name} ${link.meetingId}`,
  ]);
  if (!automatic.has(title.trim())) return null;
  return { platform: link.platform, code: readableMeetingCode(link) };
}

/**
 * The short neutral name of a meeting note where no reader's language is at hand (a shared link, an
 * ask-AI citation): "Google Meet abc-defg-hij" for an automatic title, old long ones included; the title
 * itself otherwise (a renamed note, or no meeting link).
 */
export function shortMeetingTitle(title: string, meetingUrl: string | null | undefined): string {
  if (!meetingUrl) return title;
  const parts = automaticMeetingTitle(title, meetingUrl);
  if (!parts) return title;
  const name = meetingPlatformNames[parts.platform];
  return parts.code ? `${name} ${parts.code}` : name;
}

/** The automatic title in the reader's language, from the `notes` catalog's note.meetingTitle messages. */
export function meetingTitleIn(
  parts: MeetingTitleParts,
  say: (key: "note.meetingTitle" | "note.meetingTitleWithCode", values: Record<string, string>) => string,
): string {
  const platform = meetingPlatformNames[parts.platform];
  return parts.code ? say("note.meetingTitleWithCode", { platform, code: parts.code }) : say("note.meetingTitle", { platform });
}

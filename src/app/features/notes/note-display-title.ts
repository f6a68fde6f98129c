import type { TFunction } from "i18next";
import { meetingPlatformNames } from "~/shared/meetings/meeting-title";
import type { NoteView } from "~/shared/notes/notes-api";

/**
 * The name a note goes by on the owner's pages: its title, or for a meeting note that keeps its automatic
 * title, the platform and short meeting code in the reader's language ("Reunión de Microsoft Teams").
 * Empty when the note has no title: each place says "Untitled" in its own words.
 */
export function noteDisplayTitle(data: Pick<NoteView["data"], "title" | "meetingTitle">, t: TFunction): string {
  const automatic = data.meetingTitle;
  if (!automatic) return data.title;
  const platform = meetingPlatformNames[automatic.platform];
  return automatic.code ? t("note.meetingTitleWithCode", { platform, code: automatic.code }) : t("note.meetingTitle", { platform });
}

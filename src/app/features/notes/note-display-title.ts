import type { TFunction } from "i18next";
import { meetingTitleIn } from "~/shared/meetings/meeting-title";
import type { NoteView } from "~/shared/notes/notes-api";

/**
 * The name a note goes by on the owner's pages: its title, or for a meeting note that keeps its automatic
 * title, the platform and short meeting code in the reader's language ("Reunión de Microsoft Teams").
 * Empty when the note has no title: each place says "Untitled" in its own words.
 */
export function noteDisplayTitle(data: Pick<NoteView["data"], "title" | "meetingTitle">, t: TFunction): string {
  return data.meetingTitle ? meetingTitleIn(data.meetingTitle, (key, values) => t(key, values)) : data.title;
}

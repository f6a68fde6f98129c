import { z } from "zod";
import type { NoteType } from "../../shared/notes/statuses";
import type { AiNotesContent, NotesTemplate } from "../ai-notes/schema";

/** A public link id as minted by newShareId (base64url), with room for longer ones later. */
export const shareIdParam = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** One transcript segment as a public page shows it. */
export interface PublicSegment {
  position: number;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  words: { start: number; end: number; word: string }[] | null;
}

/**
 * A note in public mode (a shared link or a demo note): what a visitor may read, and nothing that names
 * or identifies the owner (no user id, e-mail, note id, folder or storage key).
 */
export interface PublicNote {
  title: string;
  type: NoteType;
  /** ISO time the note was made. */
  createdAt: string;
  durationSeconds: number | null;
  language: string | null;
  /** Whether the page gets a player, and which element it needs. */
  media: { kind: "audio" | "video" } | null;
  youtubeVideoId: string | null;
  transcript: PublicSegment[];
  aiNotes: { content: AiNotesContent; template: NotesTemplate; isExtractive: boolean } | null;
}

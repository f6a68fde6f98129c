import type { NotesGenerationStatus } from "../../shared/notes/notes-generation";
import type { MeetingStatus, NoteType, TranscriptionCode } from "../../shared/notes/statuses";

/** interpretations 18: the note as the API answers it (Firestore-like timestamp with seconds and nanoseconds). */
export interface NoteView {
  id: string;
  data: {
    title: string;
    type: NoteType;
    meeting: MeetingStatus | null;
    transcriptionCode: TranscriptionCode | null;
    active: boolean;
    createdAt: { seconds: number; nanoseconds: number };
    recordingDuration: number | null;
    calendarId: string | null;
    eventId: string | null;
    /** Why the transcription ended without a transcript (notes catalog `failure.<reason>`). */
    transcriptionError: string | null;
    /** 0-100 while in progress, when known. */
    transcriptionProgress: number | null;
    /** The note's language (chosen or detected), when known. */
    language: string | null;
    folderId: string | null;
    /** The public link id while the note is shared (owner's view only). */
    shareId: string | null;
    /** The AI-notes job (issue 5): null until the transcript is ready. */
    notesStatus: NotesGenerationStatus | null;
    notesProgress: number | null;
    /** Why the AI notes failed (notes catalog `notesFailure.<reason>`). */
    notesError: string | null;
  };
}

/** spec section 3: list responses are `{ items, nextCursor }`. */
export interface NotePage {
  items: NoteView[];
  nextCursor: string | null;
}

export function toTimestamp(date: Date): { seconds: number; nanoseconds: number } {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1_000_000 };
}

/** Opaque cursor of a page's last note: its creation time and id (ties broken by id). */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [iso, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id ?? "");
  return extra === undefined && isUuid && !Number.isNaN(createdAt.getTime()) ? { createdAt, id: id as string } : null;
}

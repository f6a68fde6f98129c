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

/**
 * Opaque cursor of a page's last note: its exact creation time and id (ties broken by id). The time is
 * PostgreSQL's own text (ISO 8601, UTC, microseconds): a JS Date keeps only milliseconds, and two notes
 * created in the same millisecond would otherwise fall between pages.
 */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString("base64url");
}

const exactIsoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const isTime = exactIsoTime.test(createdAt ?? "") && !Number.isNaN(Date.parse(createdAt ?? ""));
  return extra === undefined && isTime && uuidPattern.test(id ?? "") ? { createdAt: createdAt as string, id: id as string } : null;
}

import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { NotesGenerationStatus } from "~/shared/notes/notes-generation";
import type { MeetingStatus, NoteType, TranscriptionCode } from "~/shared/notes/statuses";
import { user } from "./auth-schema";

/** PostgreSQL full-text vector (read only: every one here is a generated column). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A user's folder (issue 5). Deleting one keeps its notes (notes.folder_id is set null). */
export const folders = pgTable(
  "folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique per user regardless of case ("Sales" and "sales" would be the same folder to a person).
  (table) => [uniqueIndex("folders_user_name_idx").on(table.userId, sql`lower(${table.name})`)],
);

/** Where a note's content came from (issue 4): an upload, a browser recording, a document, text or YouTube. */
export type NoteSource =
  | { kind: "upload"; fileName: string; mimeType: string | null; sizeBytes: number }
  | { kind: "recording"; mimeType: string | null }
  | { kind: "document"; fileName: string; mimeType: string | null; sizeBytes: number }
  | { kind: "text" }
  | { kind: "youtube"; videoId: string }
  | { kind: "meeting"; url: string };

/** A note (spec section 3 "Note"; API shape in interpretations 18). Every read filters by user_id. */
export const notes = pgTable(
  "notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").$type<NoteType>().notNull(),
    title: text("title").notNull().default(""),
    transcriptionCode: text("transcription_code").$type<TranscriptionCode>(),
    /** Why a transcription failed (a media or engine error code), for the translated explanation. */
    transcriptionError: text("transcription_error"),
    /** Percent of the transcription done (0-100) while in progress, shown live; null when not known. */
    transcriptionProgress: integer("transcription_progress"),
    meeting: jsonb("meeting").$type<MeetingStatus>(),
    /** False when the note has no usable media ('no recording', interpretations 18). */
    active: boolean("active").notNull().default(true),
    /**
     * Which speech engine and model wrote the transcript (`whisper-cpp:<file>`, `pocketsphinx:en-us`,
     * `openai-compatible:<model>`, `youtube-captions`), shown on the note and in its exports; null for
     * pasted text, documents and notes transcribed before it was kept.
     */
    transcriptEngine: text("transcript_engine"),
    /** Chosen by the user, or detected by the engine. */
    language: text("language"),
    recordingDurationSeconds: real("recording_duration_seconds"),
    source: jsonb("source").$type<NoteSource>().notNull(),
    /** Storage key of the original media or document, when there is one. */
    mediaKey: text("media_key"),
    /** The folder it is filed in; deleting the folder keeps the note. */
    folderId: uuid("folder_id").references(() => folders.id, { onDelete: "set null" }),
    /** Public link id (`/n/{shareId}`) while the note is shared; null when not shared or revoked. */
    shareId: text("share_id").unique(),
    /** The AI-notes job's status (issue 5); null before transcription is ready. */
    notesStatus: text("notes_status").$type<NotesGenerationStatus>(),
    /** Percent of the AI notes done (map-reduce chunks) while in progress. */
    notesProgress: integer("notes_progress"),
    /** Why the AI notes failed (notes catalog `notesFailure.<reason>`). */
    notesError: text("notes_error"),
    titleVector: tsvector("title_vector").generatedAlwaysAs(sql`to_tsvector('simple', title)`),
    calendarId: text("calendar_id"),
    eventId: text("event_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Cursor paging walks (created_at, id) newest first within one user.
  (table) => [
    index("notes_user_created_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("notes_user_folder_idx").on(table.userId, table.folderId, table.createdAt.desc()),
    index("notes_title_search_idx").using("gin", table.titleVector),
  ],
);

export interface TranscriptWord {
  start: number;
  end: number;
  word: string;
  probability?: number;
}

/** One transcript segment; a note's segments are replaced as a whole when a transcription finishes. */
export const transcriptSegments = pgTable(
  "transcript_segments",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    startSeconds: real("start_seconds").notNull(),
    endSeconds: real("end_seconds").notNull(),
    text: text("text").notNull(),
    speaker: text("speaker"),
    words: jsonb("words").$type<TranscriptWord[]>(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql`to_tsvector('simple', text)`),
    /** The speaker's name, searchable apart from what was said (a renamed speaker is found by the new name). */
    speakerVector: tsvector("speaker_vector").generatedAlwaysAs(sql`to_tsvector('simple', coalesce(speaker, ''))`),
  },
  (table) => [
    primaryKey({ columns: [table.noteId, table.position] }),
    index("transcript_segments_search_idx").using("gin", table.searchVector),
    index("transcript_segments_speaker_search_idx").using("gin", table.speakerVector),
  ],
);

import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { AiNotesContent, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import type { Citation } from "~/shared/ask/ask-api";
import { user } from "./auth-schema";
import { notes, tsvector } from "./notes-schema";

/**
 * AI notes of one note (issue 5): the structured content, how it was made and whether a person edited it.
 * One row per note; regenerating replaces the content.
 */
export const aiNotes = pgTable(
  "ai_notes",
  {
    noteId: uuid("note_id")
      .primaryKey()
      .references(() => notes.id, { onDelete: "cascade" }),
    template: text("template").$type<NotesTemplate>().notNull(),
    /** The language the notes are written in. */
    language: text("language").notNull(),
    content: jsonb("content").$type<AiNotesContent>().notNull(),
    /** Which engine wrote them: `openai:<model>`, `llama:<file>` or `extractive`. */
    engine: text("engine").notNull(),
    /** True when the notes are extracted highlights (no model, or the model failed: `fallbackReason`), labelled in the UI. */
    isExtractive: boolean("is_extractive").notNull().default(false),
    /**
     * Why extracted highlights stand in for a configured model's notes (its answer was cut off, failed the
     * output checks, or the model could not be reached): a `notesFailure.<reason>`; null otherwise.
     */
    fallbackReason: text("fallback_reason"),
    /** True once a person edited them. */
    isEdited: boolean("is_edited").notNull().default(false),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql`jsonb_to_tsvector('simple', content, '["string"]')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ai_notes_search_idx").using("gin", table.searchVector)],
);

/** A chat with the AI: across all the user's notes (note_id null, /ask-ai) or inside one note. */
export const chatThreads = pgTable(
  "chat_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    noteId: uuid("note_id").references(() => notes.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chat_threads_user_idx").on(table.userId, table.updatedAt.desc())],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    citations: jsonb("citations").$type<Citation[]>().notNull().default([]),
    /** Which engine answered (`extractive` when none was configured: the answer quotes passages). */
    engine: text("engine"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chat_messages_thread_idx").on(table.threadId, table.createdAt)],
);

/**
 * A transcript segment's embedding (unit length), written by the notes job when an embedding model is
 * configured; ask-AI ranks passages by dot product with the question's. `model` keeps vectors of different
 * models apart (a changed model re-embeds on the next notes run).
 */
export const segmentEmbeddings = pgTable(
  "segment_embeddings",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    model: text("model").notNull(),
    vector: real("vector").array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.noteId, table.position] })],
);

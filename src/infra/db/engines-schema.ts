import { bigint, boolean, doublePrecision, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

// The AI engines an admin chooses and the model files this install downloads (issue 19). Settings are
// stored as the variable names env.ts knows, so "the environment wins" is one merge, and a later process
// (worker, second web) reads the same choice from the database.

/** One stored engine choice per variable (`SPEECH_ENGINE`, `LLM_BASE_URL`...); secrets are sealed. */
export const engineSettings = pgTable("engine_settings", {
  name: text("name").primaryKey(),
  /** The value as the variable would hold it; for secrets (API keys) the AES-256-GCM sealed form. */
  value: text("value").notNull(),
  isSecret: boolean("is_secret").notNull().default(false),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ModelDownloadState = "queued" | "downloading" | "verifying" | "done" | "failed" | "cancelled";

/** One row per pinned model file this install fetches: progress for the engines page and waiting notes. */
export const modelDownloads = pgTable("model_downloads", {
  /** The pinned file's id (`ggml-base-q5_1.bin`, `qwen2.5-1.5b-instruct-q4_k_m.gguf`). */
  modelId: text("model_id").primaryKey(),
  /** What it serves: `transcription`, `notes`, `speakerLabels`... */
  capability: text("capability").notNull(),
  state: text("state").$type<ModelDownloadState>().notNull(),
  bytesDone: bigint("bytes_done", { mode: "number" }).notNull().default(0),
  bytesTotal: bigint("bytes_total", { mode: "number" }),
  /** Bytes per second over the last few seconds, for speed and time left. */
  bytesPerSecond: doublePrecision("bytes_per_second"),
  /** Why it failed, in plain words (shown to the admin). */
  error: text("error"),
  /** Who started it; null for the first start's automatic download. */
  startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

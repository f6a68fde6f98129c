import type { PgBoss } from "pg-boss";
import { z } from "zod";
import type { Database } from "~/infra/db/client";
import type { EmbeddingModel } from "~/infra/llm/embedding-model";
import type { LanguageModel } from "~/infra/llm/language-model";
import { LanguageModelError } from "~/infra/llm/language-model-error";
import type { Logger } from "~/infra/logging/logger";
import { enqueue, type JobDefinition, PermanentJobError } from "~/infra/queue/job-registry";
import { notesTemplateChoice } from "~/shared/ai-notes/ai-notes-api";
import { findUserLanguage } from "../accounts/data";
import { indexNoteEmbeddings } from "../ask/embeddings";
import { findNote, listSegments } from "../notes/data";
import { detectTemplate } from "./detect-template";
import { generateNotes, NotesOutputError } from "./generate-notes";
import { type GeneratedNotes, saveGeneratedNotes, setNotesStatus } from "./mutations";
import { type LanguageModelDownloadStatus, modelAfterWait, waitForModelDownload, waitingForModel } from "./wait-for-model";

export const notesJobName = "notes.generate";

/** The `notes.generate` job: AI notes for one note whose transcript is ready. */
export const generateNotesInput = z.object({
  userId: z.string().min(1),
  noteId: z.uuid(),
  /** The user's choice on regenerate; `auto` (or absent) detects it from the transcript. */
  template: notesTemplateChoice.optional(),
  /** The language to write in; absent: the note's language, else the user's interface language. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .optional(),
});
export type GenerateNotesInput = z.infer<typeof generateNotesInput>;

export interface NotesDeps {
  db: Database;
  /** Loaded on the first job; null when none is configured (extractive notes, labelled). */
  languageModel(): Promise<LanguageModel | null>;
  /** Issue 19: the language model's first-run download, when one is running or failed (the job waits for it). */
  languageModelDownload?(): Promise<LanguageModelDownloadStatus>;
  /** When configured, the transcript is embedded too, for ask-AI to find passages by meaning (a loader follows the admin's choice). */
  embeddingModel?: EmbeddingModel | null | (() => Promise<EmbeddingModel | null>);
  logger: Logger;
  /**
   * Called once the notes are ready (issue 18: a calendar meeting's recap e-mail). Its failure is logged,
   * never retried with the job: the notes are saved and must not be generated again for it.
   */
  onNotesReady?(ids: { userId: string; noteId: string }): Promise<void>;
}

// 2 retries: a local model that ran out of memory or an endpoint that blipped gets a second chance.
const retryLimit = 2;

/**
 * Why extracted highlights should stand in for the model's notes now (a `notesFailure.<reason>`), or null
 * to let the job retry or fail. A cut-off or bad answer would come back the same: fall back at once. An
 * endpoint that cannot be reached gets the job's retries first; a model that is not set up, none.
 */
export function fallbackReasonOf(error: unknown, { isLastAttempt }: { isLastAttempt: boolean }): string | null {
  if (error instanceof NotesOutputError) return error.reason;
  if (!(error instanceof LanguageModelError)) return null;
  switch (error.code) {
    case "aborted":
      return null;
    case "cut_off":
      return "cut_off";
    case "bad_output":
      return "bad_output";
    case "refused":
      return "model_refused";
    case "unreachable":
    case "rate_limited":
    case "server_error":
      return isLastAttempt ? "engine_failed" : null;
    case "unavailable":
    case "unauthorized":
    case "bad_request":
    case "too_long":
      return "model_setup";
  }
}

async function runNotes(deps: NotesDeps, input: GenerateNotesInput, signal: AbortSignal, attempt = 1): Promise<void> {
  const { db } = deps;
  const ids = { userId: input.userId, noteId: input.noteId };
  const note = await findNote(db, ids);
  if (!note) throw new PermanentJobError("note_gone");
  const segments = await listSegments(db, ids);
  if (segments.length === 0) throw new PermanentJobError("no_transcript");
  await setNotesStatus(db, { ...ids, status: "notes_in_progress", progress: 0 });
  const language = input.language ?? note.language ?? (await findUserLanguage(db, { userId: input.userId })) ?? "en";
  const template = !input.template || input.template === "auto" ? detectTemplate({ noteType: note.type, segments }) : input.template;
  let hasWaited = false;
  const download = deps.languageModelDownload
    ? await waitForModelDownload(
        deps.languageModelDownload,
        async (percent) => {
          hasWaited = true;
          await setNotesStatus(db, { ...ids, status: "notes_in_progress", progress: percent, error: waitingForModel });
        },
        signal,
      )
    : "ready";
  if (hasWaited) await setNotesStatus(db, { ...ids, status: "notes_in_progress", progress: 0 });
  let lastPercent = 0;
  let generated: GeneratedNotes;
  try {
    generated = await generateNotes({
      // A failed download leaves no model: the extractive floor, labelled below.
      model: download === "failed" ? null : await modelAfterWait(deps.languageModel, { hasWaited, signal }),
      segments,
      meetingDate: note.createdAt,
      language,
      template,
      signal,
      onProgress: async (fraction) => {
        const percent = Math.floor(fraction * 100);
        if (percent === lastPercent) return;
        lastPercent = percent;
        await setNotesStatus(db, { ...ids, status: "notes_in_progress", progress: percent });
      },
    });
  } catch (error) {
    const fallbackReason = fallbackReasonOf(error, { isLastAttempt: attempt > retryLimit });
    if (!fallbackReason) throw error;
    // Fail over rather than fail: the extractive floor, labelled with why the model's notes are not here.
    deps.logger.warn(
      { err: error, noteId: input.noteId, fallbackReason },
      "the model's notes are not usable; storing extracted highlights",
    );
    const floor = await generateNotes({ model: null, segments, meetingDate: note.createdAt, language, template });
    generated = { ...floor, fallbackReason };
  }
  if (download === "failed") generated = { ...generated, fallbackReason: "model_download_failed" };
  if (!(await saveGeneratedNotes(db, { ...ids, notes: generated }))) throw new PermanentJobError("note_gone");
  const embeddingModel = typeof deps.embeddingModel === "function" ? await deps.embeddingModel() : deps.embeddingModel;
  if (embeddingModel) {
    // Ask-AI still finds this note by its words if embedding fails: the notes are not held back for it.
    await indexNoteEmbeddings(db, embeddingModel, { ...ids, signal }).catch((error: unknown) =>
      deps.logger.warn({ err: error, noteId: input.noteId }, "embedding the transcript failed: ask-AI finds this note by full text only"),
    );
  }
  await setNotesStatus(db, { ...ids, status: "notes_ready" });
  deps.logger.info({ noteId: input.noteId, engine: generated.engine, template }, "notes ready");
  await deps
    .onNotesReady?.(ids)
    .catch((error: unknown) => deps.logger.error({ err: error, noteId: input.noteId }, "after-notes hook failed"));
}

/** Why the notes failed, for the translated reason on the note (notes catalog `notesFailure.<reason>`). */
function failureReason(error: unknown): string {
  if (error instanceof PermanentJobError) return error.code;
  if (error instanceof NotesOutputError) return error.reason;
  if (error instanceof LanguageModelError && error.code === "cut_off") return "cut_off";
  return "engine_failed";
}

/**
 * Queue policy: NOTES_CONCURRENCY at once per process; 2 retries 30 s apart (NOTES_RETRY_DELAY_SECONDS) (a local model that ran out of memory or an endpoint that blipped
 * gets a second chance); 2 h expiry covers an hour of transcript through a 1.5B model on 2 cores (about
 * 6 minutes) many times over; the heartbeat brings back the job of a worker that vanished.
 */
export function notesJob(
  deps: NotesDeps,
  { retryDelaySeconds = 30, concurrency = 1 }: { retryDelaySeconds?: number; concurrency?: number } = {},
): JobDefinition<GenerateNotesInput> {
  return {
    name: notesJobName,
    payload: generateNotesInput,
    queue: { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: false, expireInSeconds: 2 * 3600, heartbeatSeconds: 60 },
    work: { localConcurrency: concurrency },
    handle: (payload, context) => runNotes(deps, payload, context.signal, context.attempt),
    onGiveUp: async (payload, error) => {
      const reason = failureReason(error);
      if (reason === "note_gone") return;
      await setNotesStatus(deps.db, { userId: payload.userId, noteId: payload.noteId, status: "notes_failed", error: reason });
    },
  };
}

/**
 * Queues a note's AI notes and marks them in progress at once (the page shows it before a worker picks
 * the job up). One queued job per note: a regenerate while one waits is the same job.
 */
export async function enqueueNotes(db: Database, boss: PgBoss, input: GenerateNotesInput): Promise<string | null> {
  await setNotesStatus(db, { userId: input.userId, noteId: input.noteId, status: "notes_in_progress", progress: 0 });
  return enqueue(boss, { name: notesJobName, payload: generateNotesInput }, input, { singletonKey: input.noteId });
}

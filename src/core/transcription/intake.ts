import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import type { Database } from "~/infra/db/client";
import type { NoteSource } from "~/infra/db/notes-schema";
import { remuxWebm } from "~/infra/media/ffmpeg";
import { withLocalCopy } from "~/infra/storage/local-copy";
import type { Storage } from "~/infra/storage/storage";
import type { NoteType } from "~/shared/notes/statuses";
import { findNote } from "../notes/data";
import { createNote, updateNote } from "../notes/mutations";
import { noteKeys } from "../notes/storage-keys";
import { recordUpload } from "../usage/mutations";
import { enqueueTranscription } from "./jobs";

// How media, documents and links become notes: create the note in `transcription_in_progress`, keep its
// file in storage, count the upload, queue the job. Each function can run twice for the same note.

export const uploadKinds = ["file", "recording", "document"] as const;
export type UploadKind = (typeof uploadKinds)[number];

// tus metadata arrives base64-encoded in a header, past the API's JSON check (storable-text.ts): a NUL
// there would reach PostgreSQL in the note's title and answer 500 (issue 21).
const noNul = (value: string) => !value.includes("\u0000");
/** tus Upload-Metadata the browser sends (spec: uploads are resumable; interpretations 5). */
export const uploadMetadata = z.object({
  kind: z.enum(uploadKinds),
  filename: z.string().trim().min(1).max(255).refine(noNul, "contains a NUL character"),
  filetype: z.string().trim().max(127).refine(noNul, "contains a NUL character").optional(),
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .optional(),
  title: z.string().trim().max(200).refine(noNul, "contains a NUL character").optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadata>;

/** Documents the text extraction reads (PDF, Word, plain text, Markdown). */
export const documentExtensions = [".pdf", ".docx", ".txt", ".md", ".markdown"] as const;
export function isDocumentFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return documentExtensions.some((extension) => lower.endsWith(extension));
}

export interface IntakeDeps {
  db: Database;
  storage: Storage;
  boss: PgBoss;
}

function titleFromFileName(fileName: string): string {
  return fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "").slice(0, 200);
}

const noteTypeOf: Record<UploadKind, NoteType> = { file: "file", recording: "recording", document: "document" };

/**
 * Upload count (usage): files and documents a user brings; browser recordings, meetings and YouTube
 * links count only by their minutes (decision 015).
 */
function countsAsUpload(type: NoteType): boolean {
  return type === "file" || type === "document";
}

function isRemuxed(metadata: UploadMetadata): boolean {
  return metadata.kind === "recording" && !(metadata.filetype && !metadata.filetype.includes("webm"));
}

/**
 * A browser recording (MediaRecorder WebM) has no duration and no seek cues in its head, and the note
 * page plays it as soon as it is stored: it is remuxed first (streams copied, a second or so for an hour),
 * so the player shows its length and seeks from the start. Other WebM uploads, which can be large, are
 * stored as they came: the player finds their length itself. A recording ffmpeg cannot remux is kept.
 */
async function playableRecording(metadata: UploadMetadata, filePath: string): Promise<string> {
  if (!isRemuxed(metadata)) return filePath;
  const remuxed = `${filePath}.remuxed.webm`;
  try {
    await remuxWebm(filePath, remuxed);
  } catch {
    return filePath;
  }
  await rm(filePath, { force: true });
  return remuxed;
}

/**
 * Where a finished upload's bytes are: a local file (tus on disk) or a key in storage (tus on S3, issue
 * 21: the upload's object in the bucket, moved by a copy inside the store, never through this process).
 */
export type UploadedBytes = { filePath: string } | { stagedKey: string };

async function storeUpload(storage: Storage, key: string, metadata: UploadMetadata, bytes: UploadedBytes): Promise<void> {
  if ("filePath" in bytes) {
    await storage.importFile(key, await playableRecording(metadata, bytes.filePath));
    return;
  }
  if (!isRemuxed(metadata)) {
    await storage.move(bytes.stagedKey, key);
    return;
  }
  // ffmpeg needs a local file: the recording is copied down, remuxed and stored, then its upload is dropped.
  const { stagedKey } = bytes;
  await withLocalCopy(storage, stagedKey, async (copy) => storage.importFile(key, await playableRecording(metadata, copy)));
  await storage.delete(stagedKey);
}

/**
 * A finished upload becomes a note. `noteId` was chosen when the upload began, so a finish that runs
 * twice (a retried last request) finds the same note and changes nothing.
 */
export async function acceptUpload(
  deps: IntakeDeps,
  {
    userId,
    noteId,
    metadata,
    bytes,
    sizeBytes,
  }: { userId: string; noteId: string; metadata: UploadMetadata; bytes: UploadedBytes; sizeBytes: number },
): Promise<{ noteId: string }> {
  const existing = await findNote(deps.db, { userId, noteId });
  if (existing) {
    if ("filePath" in bytes) await rm(bytes.filePath, { force: true });
    else await deps.storage.delete(bytes.stagedKey);
    return { noteId };
  }
  const key = noteKeys.original(userId, noteId);
  // An empty upload is finished at creation and tus reads its file back afterwards: store an empty
  // file instead of moving it (the note then explains that the file was empty).
  if (sizeBytes === 0) await deps.storage.put(key, Buffer.alloc(0));
  else await storeUpload(deps.storage, key, metadata, bytes);
  try {
    return await createUploadNote(deps, { userId, noteId, metadata, key, sizeBytes });
  } catch (error) {
    // The note does not exist, so the bytes go back where tus keeps them (issue 21: a database error here
    // used to lose the upload): the next try of the finish, or an operator, still has them.
    await putBack(deps.storage, key, bytes).catch(() => undefined);
    throw error;
  }
}

async function putBack(storage: Storage, key: string, bytes: UploadedBytes): Promise<void> {
  if ("stagedKey" in bytes) {
    await storage.move(key, bytes.stagedKey);
    return;
  }
  await pipeline(await storage.get(key), createWriteStream(bytes.filePath));
  await storage.delete(key);
}

async function createUploadNote(
  deps: IntakeDeps,
  {
    userId,
    noteId,
    metadata,
    key,
    sizeBytes,
  }: { userId: string; noteId: string; metadata: UploadMetadata; key: string; sizeBytes: number },
): Promise<{ noteId: string }> {
  const mimeType = metadata.filetype || null;
  const source: NoteSource =
    metadata.kind === "recording"
      ? { kind: "recording", mimeType }
      : metadata.kind === "document"
        ? { kind: "document", fileName: metadata.filename, mimeType, sizeBytes }
        : { kind: "upload", fileName: metadata.filename, mimeType, sizeBytes };
  const { isNew } = await createNote(deps.db, {
    id: noteId,
    userId,
    type: noteTypeOf[metadata.kind],
    title: metadata.title || (metadata.kind === "recording" ? "" : titleFromFileName(metadata.filename)),
    source,
    language: metadata.language ?? null,
    mediaKey: key,
    transcriptionCode: "transcription_in_progress",
  });
  if (isNew) {
    if (countsAsUpload(noteTypeOf[metadata.kind])) await recordUpload(deps.db, { userId, noteId });
    await enqueueTranscription(deps.boss, { userId, noteId });
  }
  return { noteId };
}

/** A YouTube link becomes a note that the job fills from captions or audio. */
export async function acceptYoutubeLink(
  deps: IntakeDeps,
  { userId, videoId, language }: { userId: string; videoId: string; language?: string | null },
): Promise<{ noteId: string }> {
  const { id } = await createNote(deps.db, {
    userId,
    type: "youtube",
    title: "",
    source: { kind: "youtube", videoId },
    language: language ?? null,
    transcriptionCode: "transcription_in_progress",
  });
  await enqueueTranscription(deps.boss, { userId, noteId: id });
  return { noteId: id };
}

/** spec: transcription_failed is final but offers a retry; anything else answers false. */
export async function retryTranscription(
  deps: IntakeDeps,
  { userId, noteId }: { userId: string; noteId: string },
): Promise<"queued" | "missing" | "notRetryable"> {
  const note = await findNote(deps.db, { userId, noteId });
  if (!note) return "missing";
  if (note.transcriptionCode !== "transcription_failed") return "notRetryable";
  // Two retries at once (a double click, two tabs, two web processes): only the one that moves the note out
  // of "failed" enqueues, so the transcription never runs twice.
  const isClaimed = await updateNote(deps.db, {
    userId,
    noteId,
    patch: { transcriptionCode: "transcription_in_progress", transcriptionError: null, transcriptionProgress: 0, active: true },
    whenTranscriptionCode: "transcription_failed",
  });
  if (!isClaimed) return "notRetryable";
  // An upload given back when the product failed it counts again while it is tried again (once per note).
  if (countsAsUpload(note.type)) await recordUpload(deps.db, { userId, noteId });
  await enqueueTranscription(deps.boss, { userId, noteId });
  return "queued";
}

import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline as pipeStreams } from "node:stream/promises";
import type { Database } from "~/infra/db/client";
import type { SpeakerDiarizer } from "~/infra/diarization/speaker-diarizer";
import { extractDocumentText } from "~/infra/documents/extract-text";
import type { Logger } from "~/infra/logging/logger";
import type { SpeechEngine } from "~/infra/speech/speech-engine";
import type { Storage } from "~/infra/storage/storage";
import { openYoutubeVideo } from "~/infra/youtube/youtube-source";
import type { YtDlp } from "~/infra/youtube/yt-dlp-process";
import { markConversationRecorded } from "../accounts/mutations";
import { findBotOfNote } from "../meetings/data";
import { labelSegmentsWithSpeakers } from "../meetings/label-speakers";
import { findNote } from "../notes/data";
import { replaceSegments, type SegmentInput, updateNote } from "../notes/mutations";
import { noteKeys } from "../notes/storage-keys";
import { splitTextIntoSegments } from "../notes/text-segments";
import { recordTranscription, releaseUpload } from "../usage/mutations";
import { storageCheckpoints } from "./checkpoints";
import { finalOutcomeOf, isProductFailure, retryReasonOf } from "./failure-status";
import { labelSpeakersByVoice } from "./label-speakers-by-voice";
import { transcribeMedia } from "./media-transcriber";
import type { TranscribeNoteInput } from "./schema";

// The transcription job: one note from `transcription_in_progress` to a final status. Every step can
// run again: a finished note is left alone, the transcript is replaced as a whole, usage is recorded
// once per note, and media chunks already transcribed are read back from their checkpoints.

export interface YoutubeAccess {
  baseUrl: string;
  allowedHosts: readonly string[];
  /** Test-only: addresses (127.0.0.1) the link-safety check lets through to reach the stand-in. */
  unsafeAllowAddresses?: readonly string[];
  /** yt-dlp when the install has one (YOUTUBE_EXTRACTOR, YTDLP_PATH), found on first use; else the built-in client. */
  ytDlp?: () => Promise<YtDlp | null>;
}

export interface TranscriptionDeps {
  db: Database;
  storage: Storage;
  /** Made on first use: loading a model is the worker's business, not the web page's. */
  speechEngine(): Promise<SpeechEngine>;
  /**
   * The speaker diarizer for uploads and browser recordings (issue 19), or null when none is available;
   * absent: transcripts get no speaker labels.
   */
  speakerDiarizer?(): Promise<SpeakerDiarizer | null>;
  scratchRoot: string;
  /** Longest piece of audio per engine call (TRANSCRIBE_CHUNK_SECONDS). */
  maxChunkSeconds?: number;
  youtube: YoutubeAccess;
  logger: Logger;
  /** Called once the transcript is saved and ready: the AI-notes step (issue 5) starts here. */
  onTranscriptReady?(ids: { userId: string; noteId: string }): Promise<void>;
}

type Note = NonNullable<Awaited<ReturnType<typeof findNote>>>;

async function localMediaPath(deps: TranscriptionDeps, note: Note, scratchDir: string): Promise<string> {
  const key = note.mediaKey ?? noteKeys.original(note.userId, note.id);
  const local = deps.storage.localPath?.(key);
  if (local) return local;
  // A remote store (S3): copy to scratch, ffmpeg wants a seekable file.
  await mkdir(scratchDir, { recursive: true });
  const target = path.join(scratchDir, "original");
  await pipeStreams(await deps.storage.get(key), createWriteStream(target));
  return target;
}

async function finishWithSegments(
  deps: TranscriptionDeps,
  note: Note,
  {
    segments,
    language,
    mediaSeconds,
    transcriptEngine,
  }: {
    segments: readonly SegmentInput[];
    language: string | null;
    mediaSeconds: number | null;
    /** The engine (and model) that wrote the segments, shown on the note; null for text from a document. */
    transcriptEngine: string | null;
  },
): Promise<void> {
  const { db } = deps;
  const ids = { userId: note.userId, noteId: note.id };
  await replaceSegments(db, {
    ...ids,
    segments: segments.map((segment) => ({
      start: segment.start,
      end: segment.end,
      text: segment.text.trim(),
      speaker: segment.speaker,
      words: segment.words,
    })),
  });
  if (mediaSeconds !== null) await recordTranscription(db, { ...ids, seconds: mediaSeconds });
  await updateNote(db, {
    ...ids,
    patch: {
      transcriptionCode: "transcription_ready",
      transcriptionError: null,
      transcriptionProgress: null,
      // The engine's identified language (auto) wins; "und" (it could not tell) keeps what the note had.
      language: language && language !== "und" ? language : note.language,
      transcriptEngine,
      active: true,
    },
  });
  // interpretations 23: the first note that reaches transcription_ready sets conversationRecorded.
  await markConversationRecorded(db, { userId: note.userId });
  await deps.onTranscriptReady?.(ids);
}

async function transcribeStoredMedia(deps: TranscriptionDeps, note: Note, signal: AbortSignal, scratchDir: string) {
  const ids = { userId: note.userId, noteId: note.id };
  const inputPath = await localMediaPath(deps, note, scratchDir);
  let lastPercent = -1;
  const engine = await deps.speechEngine();
  const result = await transcribeMedia({
    inputPath,
    scratchDir,
    engine,
    language: note.language,
    checkpoints: storageCheckpoints(deps.storage, ids),
    maxChunkSeconds: deps.maxChunkSeconds,
    signal,
    onDuration: (seconds) => updateNote(deps.db, { ...ids, patch: { recordingDurationSeconds: seconds } }).then(() => {}),
    onProgress: async (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (percent === lastPercent) return;
      lastPercent = percent;
      await updateNote(deps.db, { ...ids, patch: { transcriptionProgress: percent } });
    },
  });
  if (result.kind === "noSpeech") {
    await updateNote(deps.db, {
      ...ids,
      patch: { transcriptionCode: "transcription_no_speech_detected", transcriptionError: "no_speech", transcriptionProgress: null },
    });
    return;
  }
  // A meeting bot's recording: the names the platform showed speaking go on the transcript.
  const bot = note.type === "meeting" ? await findBotOfNote(deps.db, ids) : null;
  let segments = bot ? labelSegmentsWithSpeakers(result.transcription.segments, bot.speakerTurns) : result.transcription.segments;
  // Uploads and browser recordings: who spoke when, heard from the voices themselves.
  const { speakerDiarizer } = deps;
  if (!bot && speakerDiarizer && (note.source.kind === "upload" || note.source.kind === "recording")) {
    segments = await labelSpeakersByVoice(
      { speakerDiarizer, logger: deps.logger },
      { noteId: note.id, wavPath: result.wavPath, segments, language: result.transcription.language ?? note.language, signal },
    );
  }
  await finishWithSegments(deps, note, {
    segments,
    language: result.transcription.language,
    mediaSeconds: result.mediaSeconds,
    // Read after the run: an engine with a fallback names the one that actually transcribed.
    transcriptEngine: engine.id,
  });
  await deps.storage.deletePrefix(noteKeys.chunks(note.userId, note.id));
}

async function transcribeDocument(deps: TranscriptionDeps, note: Note, signal: AbortSignal, scratchDir: string) {
  if (note.source.kind !== "document") return;
  const filePath = await localMediaPath(deps, note, scratchDir);
  const document = await extractDocumentText(filePath, { fileName: note.source.fileName, mimeType: note.source.mimeType, signal });
  if (document.title && !note.title)
    await updateNote(deps.db, { userId: note.userId, noteId: note.id, patch: { title: document.title.slice(0, 200) } });
  await finishWithSegments(deps, note, {
    segments: splitTextIntoSegments(document.text),
    language: null,
    mediaSeconds: null,
    transcriptEngine: null,
  });
}

async function transcribeYoutube(deps: TranscriptionDeps, note: Note, signal: AbortSignal, scratchDir: string) {
  if (note.source.kind !== "youtube") return;
  const ids = { userId: note.userId, noteId: note.id };
  const fetchOptions = { allowedHosts: deps.youtube.allowedHosts, unsafeAllowAddresses: deps.youtube.unsafeAllowAddresses };
  const video = await openYoutubeVideo(note.source.videoId, {
    builtin: { baseUrl: deps.youtube.baseUrl, fetch: fetchOptions },
    ytDlp: (await deps.youtube.ytDlp?.()) ?? null,
    scratchDir,
    signal,
    preferredLanguage: note.language ?? undefined,
    onFallback: (error) => deps.logger.warn({ noteId: note.id, err: error }, "yt-dlp failed: the built-in YouTube client takes over"),
  });
  await updateNote(deps.db, {
    ...ids,
    patch: { title: note.title || video.title.slice(0, 200), recordingDurationSeconds: video.durationSeconds },
  });
  if (video.captions && video.captions.segments.length > 0) {
    // Captions first (issue 4): no engine time, and the uploader's own words when they are manual.
    await finishWithSegments(deps, note, {
      segments: video.captions.segments,
      language: video.captions.languageCode.slice(0, 2),
      mediaSeconds: null,
      transcriptEngine: "youtube-captions",
    });
    return;
  }
  const key = noteKeys.original(note.userId, note.id);
  if (!(await deps.storage.stat(key))) {
    await mkdir(scratchDir, { recursive: true });
    const downloaded = path.join(scratchDir, "youtube-audio");
    await video.downloadAudio(downloaded);
    await deps.storage.put(key, createReadStream(downloaded));
    await updateNote(deps.db, { ...ids, patch: { mediaKey: key } });
  }
  const fresh = await findNote(deps.db, ids);
  if (fresh) await transcribeStoredMedia(deps, fresh, signal, scratchDir);
}

/** Runs the job; a failure that no retry can fix ends the note with its final status instead of throwing. */
export async function runTranscription(deps: TranscriptionDeps, input: TranscribeNoteInput, signal: AbortSignal): Promise<void> {
  const note = await findNote(deps.db, input);
  // Deleted, or already final (a duplicate or late retry): nothing to do.
  if (note?.transcriptionCode !== "transcription_in_progress") return;
  const scratchDir = path.join(deps.scratchRoot, note.id);
  try {
    switch (note.source.kind) {
      case "upload":
      case "recording":
      case "meeting":
        await transcribeStoredMedia(deps, note, signal, scratchDir);
        break;
      case "document":
        await transcribeDocument(deps, note, signal, scratchDir);
        break;
      case "youtube":
        await transcribeYoutube(deps, note, signal, scratchDir);
        break;
      case "text":
        break;
    }
  } catch (error) {
    const outcome = finalOutcomeOf(error);
    if (!outcome) {
      // Worth another attempt; what the note says if the attempts run out (giveUpTranscription).
      const pending = retryReasonOf(error);
      if (pending) await updateNote(deps.db, { ...input, patch: { transcriptionError: pending } });
      throw error;
    }
    deps.logger.info({ noteId: note.id, reason: outcome.reason, err: error }, "transcription ended without a transcript");
    await updateNote(deps.db, {
      ...input,
      patch: { transcriptionCode: outcome.code, transcriptionError: outcome.reason, transcriptionProgress: null, active: outcome.isActive },
    });
    if (isProductFailure(outcome.reason)) await releaseUpload(deps.db, input);
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
    // Deleted while it was being transcribed: a checkpoint written after the delete would outlive the note.
    if (!(await findNote(deps.db, input))) await deps.storage.deletePrefix(noteKeys.prefix(input.userId, input.noteId));
  }
}

/** The retries ran out: the note says it failed (and offers a retry) rather than spinning forever. */
export async function giveUpTranscription(deps: TranscriptionDeps, input: TranscribeNoteInput): Promise<void> {
  const note = await findNote(deps.db, input);
  if (note?.transcriptionCode !== "transcription_in_progress") return;
  // The last attempt's reason (retryReasonOf), or the engine when none was recorded.
  const reason = note.transcriptionError ?? "engine_failed";
  await updateNote(deps.db, {
    ...input,
    patch: { transcriptionCode: "transcription_failed", transcriptionError: reason, transcriptionProgress: null },
  });
  if (isProductFailure(reason)) await releaseUpload(deps.db, input);
}

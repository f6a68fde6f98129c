import { DocumentError } from "~/infra/documents/document-error";
import { MediaError } from "~/infra/media/ffmpeg";
import { SpeechEngineError } from "~/infra/speech/speech-engine";
import { YoutubeError } from "~/infra/youtube/youtube-error";
import type { TranscriptionCode } from "~/shared/notes/statuses";

// How a failure ends a note: its final status and the reason code the page translates
// (notes catalog `failure.<reason>`). Null means "worth another attempt": the job is retried with
// backoff and, when the retries run out, ends as `transcription_failed` / `engine_failed`.

export interface FinalOutcome {
  code: TranscriptionCode;
  reason: string;
  /** False when the note has no usable media ('no recording'). */
  isActive: boolean;
}

export const failureReasons = [
  "media_empty",
  "media_not_media",
  "media_corrupt",
  "media_no_audio",
  "engine_unavailable",
  "engine_failed",
  "language_not_supported",
  "no_speech",
  "document_empty",
  "document_encrypted",
  "document_no_text",
  "document_corrupt",
  "document_unsupported",
  "document_too_large",
  "youtube_not_found",
  "youtube_unavailable",
  "youtube_live_not_supported",
  "youtube_no_transcript_source",
  "youtube_too_long",
  "youtube_unreachable",
  "youtube_network",
  "media_missing",
  "internal",
] as const;
export type FailureReason = (typeof failureReasons)[number];

const failed = (reason: FailureReason, isActive = true): FinalOutcome => ({ code: "transcription_failed", reason, isActive });

export function finalOutcomeOf(error: unknown): FinalOutcome | null {
  if (error instanceof MediaError) {
    switch (error.code) {
      case "EMPTY":
        return failed("media_empty", false);
      case "NOT_MEDIA":
        return failed("media_not_media", false);
      case "CORRUPT":
        return failed("media_corrupt", false);
      case "NO_AUDIO":
        // A video without a sound track has nothing to say: no speech, not a failure.
        return { code: "transcription_no_speech_detected", reason: "media_no_audio", isActive: true };
      case "ABORTED":
        return null;
    }
  }
  if (error instanceof SpeechEngineError) {
    if (error.code === "LANGUAGE_NOT_SUPPORTED")
      return { code: "transcription_language_not_supported", reason: "language_not_supported", isActive: true };
    if (error.code === "NO_SPEECH") return { code: "transcription_no_speech_detected", reason: "no_speech", isActive: true };
    if (error.isRetryable) return null;
    if (error.code === "BAD_AUDIO") return failed("media_corrupt", false);
    if (error.code === "ENGINE_UNAVAILABLE") return failed("engine_unavailable");
    return failed("engine_failed");
  }
  if (error instanceof DocumentError) return failed(`document_${error.code.toLowerCase()}` as FailureReason);
  if (error instanceof YoutubeError) {
    if (error.isRetryable) return null;
    return failed(`youtube_${error.code.toLowerCase()}` as FailureReason);
  }
  return null;
}

/**
 * Failures of the product or of the services it relies on, not of what the user brought: they never use
 * up the user's quota (issue 17). A language the menus offered and the engine then refused is one; an
 * empty, damaged or unreadable file is the user's and still counts.
 */
const productFailures: ReadonlySet<FailureReason> = new Set<FailureReason>([
  "engine_unavailable",
  "engine_failed",
  "language_not_supported",
  "media_missing",
  "youtube_unreachable",
  "youtube_network",
  "internal",
]);

export function isProductFailure(reason: string | null): boolean {
  return reason !== null && productFailures.has(reason as FailureReason);
}

/**
 * The reason a note ends with if this retryable failure is still there when the retries run out: YouTube
 * that kept timing out is not "the transcription service". Null for a caller's abort (a worker stopping),
 * which says nothing about the note.
 */
export function retryReasonOf(error: unknown): FailureReason | null {
  if (error instanceof YoutubeError) return "youtube_network";
  if (error instanceof SpeechEngineError) return "engine_failed";
  if (error instanceof MediaError) return null;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) return null;
  return "internal";
}

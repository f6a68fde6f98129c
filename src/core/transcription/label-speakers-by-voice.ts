import type { SpeakerDiarizer } from "~/infra/diarization/speaker-diarizer";
import type { Logger } from "~/infra/logging/logger";
import type { SegmentInput } from "../notes/mutations";
import { assignSpeakers } from "./assign-speakers";

// Speaker labels for uploads and browser recordings (issue 19): after transcription the diarizer hears the
// same 16 kHz WAV and the segments get "Speaker 1/2/...". Labels are a bonus, never a reason to fail a
// transcript: no diarizer, or one that fails, leaves the segments as they were (logged).

export interface VoiceLabelling {
  /** The process's diarizer, chosen on first use; null when none is configured or its models are absent. */
  speakerDiarizer(): Promise<SpeakerDiarizer | null>;
  logger: Logger;
}

export async function labelSpeakersByVoice(
  deps: VoiceLabelling,
  {
    noteId,
    wavPath,
    segments,
    language,
    signal,
  }: { noteId: string; wavPath: string; segments: readonly SegmentInput[]; language: string | null; signal: AbortSignal },
): Promise<SegmentInput[]> {
  let diarizer: SpeakerDiarizer | null = null;
  try {
    diarizer = await deps.speakerDiarizer();
    if (!diarizer) return [...segments];
    const startedAt = performance.now();
    const turns = await diarizer.diarize(wavPath, { signal });
    const labelled = assignSpeakers(segments, turns, { language });
    const speakers = new Set(labelled.map((segment) => segment.speaker).filter(Boolean)).size;
    deps.logger.info(
      { noteId, diarizer: diarizer.id, turns: turns.length, speakers, ms: Math.round(performance.now() - startedAt) },
      "speakers labelled",
    );
    return labelled;
  } catch (error) {
    // Cancelled or deleted: the job stops as it would anywhere else.
    if (signal.aborted) throw error;
    deps.logger.warn(
      { noteId, diarizer: diarizer?.id ?? null, err: error },
      "speaker diarization failed: transcript kept without speaker labels",
    );
    return [...segments];
  }
}

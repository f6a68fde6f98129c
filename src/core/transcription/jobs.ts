import type { PgBoss } from "pg-boss";
import { enqueue, type JobDefinition } from "~/infra/queue/job-registry";
import { giveUpTranscription, runTranscription, type TranscriptionDeps } from "./pipeline";
import { type TranscribeNoteInput, transcribeNoteInput } from "./schema";

export const transcriptionJobName = "transcription.run";

/**
 * Queue policy: 3 retries with exponential backoff from 10 s (TRANSCRIPTION_RETRY_DELAY_SECONDS; a busy
 * or restarting engine server gets time to come back); 6 h expiry covers a 4 h recording on a slow CPU
 * engine; the heartbeat (30 s by default) is what brings back the job of a worker killed mid-transcription:
 * missed heartbeats fail the attempt and pg-boss retries it on another worker, which continues from the
 * saved chunks.
 */
export function transcriptionJob(
  deps: TranscriptionDeps,
  {
    heartbeatSeconds = 30,
    retryDelaySeconds = 10,
    concurrency = 1,
  }: { heartbeatSeconds?: number; retryDelaySeconds?: number; concurrency?: number } = {},
): JobDefinition<TranscribeNoteInput> {
  return {
    name: transcriptionJobName,
    payload: transcribeNoteInput,
    queue: {
      retryLimit: 3,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 6 * 3600,
      heartbeatSeconds,
    },
    // More than one at a time lets a quick job (a missing video, a document) pass a long recording; worth
    // it when the engine is a server elsewhere, not when it shares this machine's cores.
    work: { localConcurrency: concurrency },
    handle: (payload, context) => runTranscription(deps, payload, context.signal),
    onGiveUp: (payload) => giveUpTranscription(deps, payload),
  };
}

/** Queues a note's transcription (the web role needs no engine or storage to do so). */
export function enqueueTranscription(boss: PgBoss, input: TranscribeNoteInput): Promise<string | null> {
  return enqueue(boss, { name: transcriptionJobName, payload: transcribeNoteInput }, input, { singletonKey: input.noteId });
}

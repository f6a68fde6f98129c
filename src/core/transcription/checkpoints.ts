import { z } from "zod";
import type { Transcription } from "~/infra/speech/speech-engine";
import type { Storage } from "~/infra/storage/storage";
import { noteKeys } from "../notes/storage-keys";
import type { ChunkCheckpoints } from "./media-transcriber";

// Finished chunks live beside the note's media in storage (not on the worker's disk), so whichever
// worker picks a retried job up, on whichever machine, continues where the killed one stopped.
const word = z.object({ start: z.number(), end: z.number(), word: z.string(), probability: z.number().optional() });
const checkpoint = z.object({
  fingerprint: z.string(),
  transcription: z.object({
    language: z.string(),
    durationSeconds: z.number(),
    segments: z.array(
      z.object({ start: z.number(), end: z.number(), text: z.string(), words: z.array(word).optional(), speaker: z.string().optional() }),
    ),
  }),
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts).toString("utf8");
}

export function storageCheckpoints(storage: Storage, { userId, noteId }: { userId: string; noteId: string }): ChunkCheckpoints {
  return {
    async load(index, fingerprint) {
      const key = noteKeys.chunk(userId, noteId, index);
      if (!(await storage.stat(key))) return null;
      const parsed = checkpoint.safeParse(JSON.parse(await readAll(await storage.get(key))));
      // Another engine, language or cut (a retry with other settings) starts the chunk over.
      return parsed.success && parsed.data.fingerprint === fingerprint ? (parsed.data.transcription as Transcription) : null;
    },
    async save(index, fingerprint, transcription) {
      await storage.put(noteKeys.chunk(userId, noteId, index), Buffer.from(JSON.stringify({ fingerprint, transcription })));
    },
  };
}

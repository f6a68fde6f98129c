import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "~/infra/db/client";
import { remuxWebm } from "~/infra/media/ffmpeg";
import type { Storage } from "~/infra/storage/storage";
import { updateNote } from "../notes/mutations";
import { noteKeys } from "../notes/storage-keys";
import { claimBotFinish } from "./mutations";

// When a bot's call is over (its `finish` callback, or the launcher seeing the process end): the webm
// parts it uploaded are joined, in order, into the note's media and handed to transcription (and from
// there to AI notes). Runs once per bot; a bot that crashed mid-call still gets the parts that arrived,
// so a crash loses at most the last few seconds, never the meeting.

export interface FinishBotDeps {
  db: Database;
  storage: Storage;
  /**
   * Queues the note's transcription. Handed in by whoever builds these deps, because transcription
   * reads meetings (the speakers on a bot's recording) and so meetings may not import it back.
   */
  startTranscription(ids: { userId: string; noteId: string }): Promise<unknown>;
}

function joinedParts(storage: Storage, keys: readonly string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const key of keys) {
        for await (const chunk of await storage.get(key)) yield chunk as Buffer;
      }
    })(),
  );
}

/**
 * The parts joined, then remuxed so the note's player knows the length and can seek; when the remux
 * fails (a part lost mid-cluster) the plain join is kept: ffmpeg still reads it for transcription.
 */
async function storeRecording(storage: Storage, key: string, partKeys: readonly string[]): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), "parley-recording-"));
  try {
    const joined = path.join(scratch, "joined.webm");
    const remuxed = path.join(scratch, "recording.webm");
    await pipeline(joinedParts(storage, partKeys), createWriteStream(joined));
    const isRemuxed = await remuxWebm(joined, remuxed).then(
      () => true,
      () => false,
    );
    await storage.importFile(key, isRemuxed ? remuxed : joined);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Returns what happened: transcribing the recording, or no recording (admitted but no audio, or never in). */
export async function finishBot(
  deps: FinishBotDeps,
  { userId, botId, hasAudio }: { userId: string; botId: string; hasAudio: boolean | null },
): Promise<"transcribing" | "noRecording" | "alreadyFinished"> {
  const bot = await claimBotFinish(deps.db, { userId, botId });
  if (!bot) return "alreadyFinished";
  const ids = { userId, noteId: bot.noteId };
  const keys: string[] = [];
  for (let part = 0; part < bot.recordingParts; part++) {
    const key = noteKeys.recordingPart(userId, bot.noteId, part);
    // A part that never arrived (the bot died while sending it) is skipped: webm clusters stand alone.
    if (await deps.storage.stat(key)) keys.push(key);
  }
  // hasAudio null = the bot could not say (it crashed): whatever arrived is worth transcribing.
  if (keys.length === 0 || hasAudio === false) {
    await updateNote(deps.db, { ...ids, patch: { active: false } });
    await deps.storage.deletePrefix(noteKeys.recordingParts(userId, bot.noteId));
    return "noRecording";
  }
  const key = noteKeys.original(userId, bot.noteId);
  await storeRecording(deps.storage, key, keys);
  await deps.storage.deletePrefix(noteKeys.recordingParts(userId, bot.noteId));
  await updateNote(deps.db, {
    ...ids,
    patch: {
      mediaKey: key,
      active: true,
      transcriptionCode: "transcription_in_progress",
      transcriptionProgress: 0,
      source: { kind: "meeting", url: bot.meetingUrl },
    },
  });
  await deps.startTranscription(ids);
  return "transcribing";
}

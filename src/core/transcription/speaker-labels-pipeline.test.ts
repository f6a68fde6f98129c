import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { DatabaseHandle } from "~/infra/db/client";
import type { NoteSource } from "~/infra/db/notes-schema";
import type { SpeakerDiarizer, SpeakerTurn } from "~/infra/diarization/speaker-diarizer";
import { createLogger } from "~/infra/logging/logger";
import { readWavInfo } from "~/infra/media/wav-file";
import { createPocketsphinxEngine } from "~/infra/speech/pocketsphinx-engine";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { Storage } from "~/infra/storage/storage";
import { bytesOf, clipPath, joinClips } from "../../../test/support/media-fixtures";
import { openTestDatabase } from "../../../test/support/test-databases";
import { findNote, listSegments } from "../notes/data";
import { createNote, updateNote } from "../notes/mutations";
import { noteKeys } from "../notes/storage-keys";
import { runTranscription, type TranscriptionDeps } from "./pipeline";

// The pipeline's speaker step on real audio, a real speech engine (Debian pocketsphinx) and a real database.
// The diarizer is a stand-in written for this test: no registry package ships diarization weights
// (decision 025). It reads the WAV the pipeline hands it and answers the truth this test knows: the first
// clip is one reader (LibriVox, c1), the second another voice (JFK, c6).

/** The stand-in: speaker 7 until `boundary` seconds, speaker 3 after (numbers as an engine's clusters are). */
function boundaryDiarizer(boundary: number, heard: string[]): SpeakerDiarizer {
  return {
    id: "test-boundary",
    async diarize(audio) {
      if (typeof audio !== "string") throw new Error("the pipeline passes the WAV's path");
      const info = await readWavInfo(audio);
      heard.push(`${info.sampleRate}/${info.channels}`);
      return [
        { start: 0, end: boundary, speaker: 7 },
        { start: boundary, end: info.durationSeconds, speaker: 3 },
      ] satisfies SpeakerTurn[];
    },
    async dispose() {},
  };
}

describe("speaker labels in the transcription pipeline", () => {
  let database: DatabaseHandle;
  let storage: Storage;
  let root: string;
  let twoVoices: Uint8Array;
  let firstClipSeconds: number;

  function deps(speakerDiarizer?: () => Promise<SpeakerDiarizer | null>): TranscriptionDeps {
    return {
      db: database.db,
      storage,
      speechEngine: async () => createPocketsphinxEngine(),
      speakerDiarizer,
      scratchRoot: path.join(root, "scratch"),
      youtube: { baseUrl: "http://127.0.0.1:9", allowedHosts: [] },
      logger: createLogger("silent"),
    };
  }

  async function noteWith(media: Uint8Array, source: NoteSource, type: "file" | "recording" | "meeting" = "file") {
    const { id } = await createNote(database.db, {
      userId: "ana",
      type,
      title: "",
      source,
      transcriptionCode: "transcription_in_progress",
    });
    const key = noteKeys.original("ana", id);
    await storage.put(key, Buffer.from(media));
    await updateNote(database.db, { userId: "ana", noteId: id, patch: { mediaKey: key } });
    return id;
  }

  const upload: NoteSource = { kind: "upload", fileName: "two.wav", mimeType: "audio/wav", sizeBytes: 0 };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "parley-speakers-"));
    storage = createDiskStorage(path.join(root, "files"));
    database = (await openTestDatabase("pglite")).handle;
    await database.migrate();
    await database.db.insert(user).values([{ id: "ana", name: "Ana", email: "ana@example.com" }]);
    twoVoices = bytesOf(joinClips(["c1", "c6"], path.join(root, "two-voices.wav")));
    firstClipSeconds = (await readWavInfo(clipPath("c1"))).durationSeconds;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("labels an upload's transcript Speaker 1 then Speaker 2 where the voice changes", async () => {
    const heard: string[] = [];
    const id = await noteWith(twoVoices, upload);
    await runTranscription(
      deps(async () => boundaryDiarizer(firstClipSeconds, heard)),
      { userId: "ana", noteId: id },
      new AbortController().signal,
    );
    expect((await findNote(database.db, { userId: "ana", noteId: id }))?.transcriptionCode).toBe("transcription_ready");
    expect(heard).toEqual(["16000/1"]);
    const segments = await listSegments(database.db, { userId: "ana", noteId: id });
    const speakers = segments.map((segment) => segment.speaker);
    expect(new Set(speakers)).toEqual(new Set(["Speaker 1", "Speaker 2"]));
    // Every segment of the first voice comes before the second's, and each lies on its own side of the change.
    expect(speakers).toEqual([...speakers].sort());
    for (const segment of segments) {
      const middle = (segment.start + segment.end) / 2;
      expect(segment.speaker).toBe(middle < firstClipSeconds ? "Speaker 1" : "Speaker 2");
    }
  }, 120_000);

  it("keeps the transcript, without labels, when the diarizer fails or there is none", async () => {
    const failing: SpeakerDiarizer = {
      id: "test-broken",
      diarize: async () => {
        throw new Error("model exploded");
      },
      dispose: async () => {},
    };
    const media = bytesOf(clipPath("c1"));
    for (const speakerDiarizer of [async () => failing, async () => null]) {
      const id = await noteWith(media, { kind: "recording", mimeType: "audio/wav" }, "recording");
      await runTranscription(deps(speakerDiarizer), { userId: "ana", noteId: id }, new AbortController().signal);
      expect((await findNote(database.db, { userId: "ana", noteId: id }))?.transcriptionCode).toBe("transcription_ready");
      const segments = await listSegments(database.db, { userId: "ana", noteId: id });
      expect(segments.length).toBeGreaterThan(0);
      expect(segments.every((segment) => segment.speaker === null)).toBe(true);
    }
  }, 120_000);

  it("leaves a meeting bot's recording to the platform's names: the diarizer is not asked", async () => {
    const heard: string[] = [];
    const id = await noteWith(bytesOf(clipPath("c1")), { kind: "meeting", url: "https://meet.google.com/abc-defg-hij" }, "meeting");
    await runTranscription(
      deps(async () => boundaryDiarizer(1, heard)),
      { userId: "ana", noteId: id },
      new AbortController().signal,
    );
    expect((await findNote(database.db, { userId: "ana", noteId: id }))?.transcriptionCode).toBe("transcription_ready");
    expect(heard).toEqual([]);
  }, 120_000);
});

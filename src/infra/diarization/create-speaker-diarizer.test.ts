import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSpeakerDiarizer, type DiarizerSettings } from "./create-speaker-diarizer";
import { DiarizationError } from "./speaker-diarizer";

// The factory on what the tests can make: no registry package ships the models (decision 025), so the
// real sherpa-onnx loading code is exercised up to the point where the weights would be read.

function settings(overrides: Partial<DiarizerSettings> = {}): DiarizerSettings {
  return {
    MODEL_DIR: mkdtempSync(path.join(tmpdir(), "parley-diarizer-")),
    DIARIZATION_ENGINE: "auto",
    DIARIZATION_SEGMENTATION_MODEL: "segmentation.onnx",
    DIARIZATION_EMBEDDING_MODEL: "embedding.onnx",
    DIARIZATION_THRESHOLD: 0.5,
    ...overrides,
  };
}

/** Bytes that start like an ONNX ModelProto (ir_version tag) and then stop making sense. */
const protobufLookingGarbage = Buffer.concat([Buffer.from([0x08, 0x07, 0x12]), Buffer.alloc(4000, 0xff)]);

describe("createSpeakerDiarizer", () => {
  it("is none when its model files are absent (auto), or when turned off", async () => {
    expect(await createSpeakerDiarizer(settings())).toBeNull();
    const off = settings({ DIARIZATION_ENGINE: "none" });
    writeFileSync(path.join(off.MODEL_DIR, "segmentation.onnx"), protobufLookingGarbage);
    writeFileSync(path.join(off.MODEL_DIR, "embedding.onnx"), protobufLookingGarbage);
    expect(await createSpeakerDiarizer(off)).toBeNull();
  });

  it("names the missing files when sherpa is asked for, and refuses a path for a file name", async () => {
    const env = settings({ DIARIZATION_ENGINE: "sherpa" });
    writeFileSync(path.join(env.MODEL_DIR, "segmentation.onnx"), protobufLookingGarbage);
    await expect(createSpeakerDiarizer(env)).rejects.toThrow(/model files are missing: .*embedding\.onnx$/);
    await expect(createSpeakerDiarizer(settings({ DIARIZATION_EMBEDDING_MODEL: "../etc/passwd" }))).rejects.toThrow(
      /DIARIZATION_EMBEDDING_MODEL must be a file name/,
    );
  });

  it("refuses a file that is not ONNX, and a pinned file whose sha256 does not match, by name", async () => {
    const random = settings();
    writeFileSync(path.join(random.MODEL_DIR, "segmentation.onnx"), "<html>rate limited</html>");
    writeFileSync(path.join(random.MODEL_DIR, "embedding.onnx"), protobufLookingGarbage);
    await expect(createSpeakerDiarizer(random)).rejects.toThrow(/segmentation\.onnx is not an ONNX model/);

    const pinned = settings({ DIARIZATION_SEGMENTATION_MODEL: "pyannote-segmentation-3.0.int8.onnx" });
    writeFileSync(path.join(pinned.MODEL_DIR, "pyannote-segmentation-3.0.int8.onnx"), protobufLookingGarbage);
    writeFileSync(path.join(pinned.MODEL_DIR, "embedding.onnx"), protobufLookingGarbage);
    const refused = await createSpeakerDiarizer(pinned).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DiarizationError);
    expect(String(refused)).toMatch(/pyannote-segmentation-3\.0\.int8\.onnx does not match its pinned sha256/);
  });

  it("reports a model sherpa-onnx cannot load as a clear error, and the worker process lives on", async () => {
    const env = settings();
    writeFileSync(path.join(env.MODEL_DIR, "segmentation.onnx"), protobufLookingGarbage);
    writeFileSync(path.join(env.MODEL_DIR, "embedding.onnx"), protobufLookingGarbage);
    const diarizer = await createSpeakerDiarizer(env);
    expect(diarizer?.id).toBe("sherpa-onnx:segmentation+embedding");
    // sherpa-onnx aborts the process that loads such a file: here that is the child, and its words come back.
    const failure = await diarizer?.diarize(new Float32Array(16_000)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DiarizationError);
    expect(String(failure)).toMatch(/speaker diarization failed: .*Load model from .*segmentation\.onnx failed/s);
    await diarizer?.dispose();
  }, 30_000);
});

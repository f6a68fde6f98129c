import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { speakerLabelsInfo } from "./diarization-report";

const defaults = {
  DIARIZATION_ENGINE: "auto" as const,
  DIARIZATION_SEGMENTATION_MODEL: "pyannote-segmentation-3.0.int8.onnx",
  DIARIZATION_EMBEDDING_MODEL: "3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx",
  DIARIZATION_THRESHOLD: 0.5,
};

describe("speakerLabelsInfo", () => {
  it("names the missing model files with the next step, and the pinned download's size", async () => {
    const modelDir = mkdtempSync(path.join(tmpdir(), "parley-diar-report-"));
    writeFileSync(path.join(modelDir, defaults.DIARIZATION_SEGMENTATION_MODEL), "x");
    const info = await speakerLabelsInfo({ ...defaults, MODEL_DIR: modelDir });
    expect(info).toMatchObject({
      capability: "speakerLabels",
      engine: "meeting-bot",
      model: "pyannote-segmentation-3.0.int8.onnx + 3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx",
      source: { kind: "default", variables: ["DIARIZATION_ENGINE"] },
      health: { state: "missing" },
    });
    expect(info.health.detail).toContain(`missing ${path.join(modelDir, defaults.DIARIZATION_EMBEDDING_MODEL)}:`);
    expect(info.health.detail).toContain("download the recommended models (29.8 MB, sha256-checked)");
  });

  it("is sherpa-onnx and ok once both files are there; off when turned off; the operator's choices are named", async () => {
    const modelDir = mkdtempSync(path.join(tmpdir(), "parley-diar-report-"));
    writeFileSync(path.join(modelDir, "seg.onnx"), "x");
    writeFileSync(path.join(modelDir, "emb.onnx"), "x");
    const own = { ...defaults, MODEL_DIR: modelDir, DIARIZATION_SEGMENTATION_MODEL: "seg.onnx", DIARIZATION_EMBEDDING_MODEL: "emb.onnx" };
    expect(await speakerLabelsInfo(own)).toMatchObject({
      engine: "sherpa-onnx",
      model: "seg.onnx + emb.onnx",
      source: { kind: "environment", variables: ["DIARIZATION_SEGMENTATION_MODEL", "DIARIZATION_EMBEDDING_MODEL"] },
      health: { state: "ok" },
    });
    expect(await speakerLabelsInfo({ ...own, DIARIZATION_ENGINE: "none" })).toMatchObject({
      engine: "meeting-bot",
      health: { state: "off" },
    });
    const missingOwn = await speakerLabelsInfo({ ...own, DIARIZATION_ENGINE: "sherpa", DIARIZATION_EMBEDDING_MODEL: "other.onnx" });
    expect(missingOwn).toMatchObject({ engine: "sherpa-onnx", health: { state: "missing" } });
    expect(missingOwn.health.detail).toContain("not in the pinned table: used unverified");
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LanguageModel } from "~/infra/llm/language-model";
import type { SpeechEngine } from "~/infra/speech/speech-engine";
import { describeEngines } from "./engines-report";
import { parseEnv } from "./env";

// Local engines: health is whether the model file is on disk (nothing loaded); no endpoint, no model.
const whisperEngine = (fileName: string): SpeechEngine => ({
  id: `whisper-cpp:${fileName}`,
  languages: "any",
  hasWordTimes: true,
  async transcribe() {
    throw new Error("not called");
  },
});

describe("describeEngines with local engines", () => {
  let modelDir: string;
  beforeEach(async () => {
    modelDir = await mkdtemp(path.join(tmpdir(), "engines-report-"));
  });
  afterEach(async () => {
    await rm(modelDir, { recursive: true, force: true });
  });

  it("reports a present whisper.cpp file as ok and a missing pinned GGUF as missing, from the environment", async () => {
    await writeFile(path.join(modelDir, "ggml-base-q5_1.bin"), "weights");
    const env = parseEnv({ MODEL_DIR: modelDir, SPEECH_ENGINE: "whisper-cpp", LLM_DOWNLOAD: "true" });
    const engines = await describeEngines({
      env,
      speechEngine: async () => whisperEngine("ggml-base-q5_1.bin"),
      languageModel: async () => ({ id: "llama:qwen2.5-1.5b-instruct-q4_k_m.gguf" }) as never,
    });
    const [transcription, notes, , embeddings] = engines;
    expect(transcription).toMatchObject({
      engine: "whisper-cpp:ggml-base-q5_1.bin",
      model: "ggml-base-q5_1.bin",
      languages: "any",
      source: { kind: "environment", variables: ["SPEECH_ENGINE"] },
      health: { state: "ok" },
    });
    // LLM_DOWNLOAD=true is the default since issue 19: only its opt-out counts as the operator's choice.
    expect(notes).toMatchObject({
      model: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
      source: { kind: "default", variables: ["LLM_BASE_URL"] },
      health: { state: "missing" },
    });
    expect(embeddings).toMatchObject({
      engine: "none",
      source: { kind: "default", variables: ["EMBEDDINGS_BASE_URL"] },
      health: { state: "off" },
    });
  });

  it("says notes are extracted highlights when no language model is configured, and a missing whisper file is missing", async () => {
    const env = parseEnv({ MODEL_DIR: modelDir });
    const [transcription, notes, ask] = await describeEngines({
      env,
      speechEngine: async () => whisperEngine("ggml-base-q5_1.bin"),
      languageModel: async () => null,
    });
    expect(transcription).toMatchObject({ source: { kind: "default", variables: ["SPEECH_ENGINE"] }, health: { state: "missing" } });
    expect(transcription?.health.detail).toContain("downloads on the first transcription");
    for (const card of [notes, ask]) {
      expect(card).toMatchObject({
        engine: "none",
        model: "none: extracted highlights",
        source: { kind: "default" },
        health: { state: "off" },
      });
    }
  });
  it("says a missing model's download failed, with its reason, or how far it is, instead of 'downloads on first use'", async () => {
    const env = parseEnv({ MODEL_DIR: modelDir, SPEECH_ENGINE: "whisper-cpp", LLM_DOWNLOAD: "true" });
    const llama: LanguageModel = {
      id: "llama:qwen2.5-1.5b-instruct-q4_k_m.gguf",
      contextTokens: 4096,
      generateJson: async () => {
        throw new Error("not called");
      },
      streamText: () => {
        throw new Error("not called");
      },
      close: async () => {},
    };
    const [transcription, notes] = await describeEngines({
      env,
      speechEngine: async () => whisperEngine("ggml-base-q5_1.bin"),
      languageModel: async () => llama,
      downloads: async () => [
        { modelId: "ggml-base-q5_1.bin", state: "downloading", error: null, bytesDone: 43, bytesTotal: 100 },
        {
          modelId: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
          state: "failed",
          error: "this machine cannot reach huggingface.co",
          bytesDone: 0,
          bytesTotal: null,
        },
      ],
    });
    expect(transcription?.health).toMatchObject({ state: "missing" });
    expect(transcription?.health.detail).toContain("downloading 43%");
    expect(notes?.health).toMatchObject({ state: "error" });
    expect(notes?.health.detail).toContain("the download failed: this machine cannot reach huggingface.co");
    expect(notes?.health.detail).not.toContain("first use");
  });
});

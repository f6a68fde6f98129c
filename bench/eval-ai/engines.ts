import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { createSpeakerDiarizer } from "../../src/infra/diarization/create-speaker-diarizer";
import type { SpeakerDiarizer } from "../../src/infra/diarization/speaker-diarizer";
import type { LanguageModel } from "../../src/infra/llm/language-model";
import { createLlamaModel } from "../../src/infra/llm/llama-model";
import { createOpenAiChatModel } from "../../src/infra/llm/openai-chat-model";
import { createOpenAiCompatibleEngine } from "../../src/infra/speech/openai-compatible-engine";
import { createPocketsphinxEngine, isPocketsphinxAvailable } from "../../src/infra/speech/pocketsphinx-engine";
import type { SpeechEngine } from "../../src/infra/speech/speech-engine";
import { createWhisperCppEngine } from "../../src/infra/speech/whisper-cpp-engine";
import { startWhisperServer } from "../../test/support/whisper-server";

// What this machine can run, built with the product's own engine factories: each speech engine, each
// notes/ask model (the extractive floor always), and the speaker diarizer when its models are on disk.

export interface EvalSpeechEngine {
  name: string;
  /** Language codes it transcribes; null: any. */
  languages: readonly string[] | null;
  engine: SpeechEngine;
  stop(): Promise<void>;
}

export interface EvalLanguageModel {
  name: string;
  /** null: the extractive floor. */
  model: LanguageModel | null;
  stop(): Promise<void>;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export const cacheModelDir = path.resolve(".cache/models");
const smolLm = path.join(cacheModelDir, "SmolLM2-135M-Instruct.Q4_1.gguf");

/** Started one at a time by the caller: each Whisper server holds its model in memory while it runs. */
export async function* speechEngines(log: (line: string) => void): AsyncGenerator<EvalSpeechEngine> {
  if (await isPocketsphinxAvailable()) {
    yield { name: "pocketsphinx en-us", languages: ["en"], engine: createPocketsphinxEngine(), stop: async () => {} };
  } else log("pocketsphinx: not installed (apt-get install pocketsphinx pocketsphinx-en-us), skipped");
  for (const [model, languages] of [
    ["tiny.en", ["en"]],
    ["base", null],
  ] as const) {
    const server = await startWhisperServer(model);
    yield {
      name: `faster-whisper ${model}`,
      languages,
      engine: createOpenAiCompatibleEngine({ baseUrl: server.url, model }),
      stop: () => server.stop(),
    };
  }
  const modelDir = process.env.MODEL_DIR;
  const ggml = modelDir ? (await readdir(modelDir).catch(() => [])).find((name) => /^ggml-.*\.bin$/.test(name)) : undefined;
  if (modelDir && ggml) {
    const engine = createWhisperCppEngine({ modelDir, fileName: ggml, allowDownload: false });
    yield { name: `whisper.cpp ${ggml}`, languages: ggml.includes(".en") ? ["en"] : null, engine, stop: async () => engine.dispose() };
  } else log("whisper.cpp: no ggml-*.bin in MODEL_DIR, skipped");
  const baseUrl = process.env.EVAL_OPENAI_BASE_URL;
  if (baseUrl) {
    const model = process.env.EVAL_OPENAI_AUDIO_MODEL ?? "whisper-1";
    yield {
      name: `openai-compatible ${model}`,
      languages: null,
      engine: createOpenAiCompatibleEngine({ baseUrl, apiKey: process.env.EVAL_OPENAI_API_KEY, model }),
      stop: async () => {},
    };
  } else log("OpenAI-compatible endpoint: EVAL_OPENAI_BASE_URL not set, skipped");
}

export async function languageModels(log: (line: string) => void): Promise<EvalLanguageModel[]> {
  const models: EvalLanguageModel[] = [{ name: "extractive", model: null, stop: async () => {} }];
  if (await exists(smolLm)) {
    const model = createLlamaModel({ fileName: path.basename(smolLm), resolvePath: async () => smolLm, contextTokens: 4096 });
    models.push({ name: "llama SmolLM2-135M", model, stop: () => model.close() });
  } else log(`llama: ${smolLm} missing (bash scripts/models/fetch-smollm2.sh), skipped`);
  const baseUrl = process.env.EVAL_LLM_BASE_URL;
  if (baseUrl) {
    const name = process.env.EVAL_LLM_MODEL ?? "gpt-4o-mini";
    const model = createOpenAiChatModel({ baseUrl, apiKey: process.env.EVAL_LLM_API_KEY, model: name, contextTokens: 16_000 });
    models.push({ name: `openai-compatible ${name}`, model, stop: async () => {} });
  }
  return models;
}

// The pinned names (decision 025) and those scripts/models/fetch-diarization.sh writes for the tests.
const segmentationNames = ["pyannote-segmentation-3.0.int8.onnx", "pyannote-segmentation-3.0.onnx"];
const embeddingNames = ["3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx", "3dspeaker-campplus-zh-en-common-advanced.onnx"];

async function firstPresent(folder: string, names: readonly string[]): Promise<string | null> {
  for (const name of names) if (await exists(path.join(folder, name))) return name;
  return null;
}

/** The product's factory (decision 025): sherpa-onnx when both models are in MODEL_DIR or .cache/models(/diarization). */
export async function speakerDiarizer(log: (line: string) => void): Promise<SpeakerDiarizer | null> {
  const folders = [process.env.MODEL_DIR, path.join(cacheModelDir, "diarization"), cacheModelDir].filter((folder): folder is string =>
    Boolean(folder),
  );
  for (const folder of folders) {
    const segmentation = process.env.DIARIZATION_SEGMENTATION_MODEL ?? (await firstPresent(folder, segmentationNames));
    const embedding = process.env.DIARIZATION_EMBEDDING_MODEL ?? (await firstPresent(folder, embeddingNames));
    if (!segmentation || !embedding) continue;
    try {
      const diarizer = await createSpeakerDiarizer({
        DIARIZATION_ENGINE: "sherpa",
        DIARIZATION_SEGMENTATION_MODEL: segmentation,
        DIARIZATION_EMBEDDING_MODEL: embedding,
        DIARIZATION_THRESHOLD: Number(process.env.DIARIZATION_THRESHOLD ?? 0.5),
        MODEL_DIR: folder,
      });
      if (diarizer) return diarizer;
    } catch (error) {
      log(`diarizer in ${folder}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  log(
    `diarizer: no sherpa-onnx models in ${folders.join(", ")} (bash scripts/models/fetch-diarization.sh): speaker columns read n/a (no diarizer)`,
  );
  return null;
}

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultLlamaModel } from "../infra/llm/llama-model-files";
import { whisperModelFiles } from "../infra/speech/whisper-model-files";
import { parseEnv } from "./env";
import { modelCatalogue } from "./model-catalogue";

// The recommended models (issue 19): what a default install downloads, from where, and what it leaves alone.
describe("model catalogue", () => {
  it("offers the pinned speech and language models from Hugging Face, both downloaded on first start by default", async () => {
    const models = (await modelCatalogue(parseEnv({}))).filter((model) => model.capability !== "speakerLabels");
    expect(models.map((model) => [model.id, model.capability, model.isAutoDownloaded])).toEqual([
      ["ggml-base-q5_1.bin", "transcription", true],
      [defaultLlamaModel.fileName, "notes", true],
    ]);
    const [speech, language] = models;
    expect(speech).toMatchObject({
      url: "https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base-q5_1.bin",
      sha256: whisperModelFiles["ggml-base-q5_1.bin"]?.sha256,
      isApproximate: true,
      bytes: 59_700_000,
    });
    expect(language).toMatchObject({ url: defaultLlamaModel.url, bytes: 1_117_320_736, isApproximate: false, licence: "Apache-2.0" });
  });

  it("fetches from MODEL_DOWNLOAD_BASE_URL, and leaves out of the first start what the configured engines would not load", async () => {
    const models = await modelCatalogue(
      parseEnv({
        MODEL_DOWNLOAD_BASE_URL: "https://mirror.example.org/models/",
        LLM_BASE_URL: "http://127.0.0.1:11434",
        SPEECH_ENGINE: "openai",
      }),
    );
    expect(models.filter((model) => model.capability !== "speakerLabels").map((model) => [model.url, model.isAutoDownloaded])).toEqual([
      ["https://mirror.example.org/models/ggml-base-q5_1.bin", false],
      [`https://mirror.example.org/models/${defaultLlamaModel.fileName}`, false],
    ]);
    expect(models[0]?.allowedHosts).toContain("mirror.example.org");
    const withoutLanguageModel = await modelCatalogue(parseEnv({ LLM_DOWNLOAD: "false" }));
    expect(withoutLanguageModel.find((model) => model.capability === "notes")?.isAutoDownloaded).toBe(false);
    expect(withoutLanguageModel.find((model) => model.capability === "transcription")?.isAutoDownloaded).toBe(true);
  });

  it("reads a test catalogue file only in NODE_ENV=test", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "catalogue-"));
    try {
      const file = path.join(folder, "catalogue.json");
      await writeFile(file, JSON.stringify([{ capability: "transcription", fileName: "tiny.bin", sha256: "a".repeat(64), bytes: 10 }]));
      const base = { MODEL_CATALOGUE_FILE: file, MODEL_DOWNLOAD_BASE_URL: "http://127.0.0.1:9" };
      expect(await modelCatalogue(parseEnv({ ...base, NODE_ENV: "test" }))).toMatchObject([
        { id: "tiny.bin", url: "http://127.0.0.1:9/tiny.bin", bytes: 10, isAutoDownloaded: false },
      ]);
      expect((await modelCatalogue(parseEnv({ ...base, NODE_ENV: "production" }))).map((model) => model.id)).not.toContain("tiny.bin");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWhisperCppEngine } from "./whisper-cpp-engine";
import { wordErrorRate } from "./word-error-rate";

const speech = path.resolve("..", "shared", "fixtures", "speech");
const c6 = path.join(speech, "c6.wav");
/**
 * A ggml file to run the real transcription with. No registry carries ggml weights and this machine
 * cannot reach Hugging Face (models README), so CI has none: the one real-model test is skipped unless
 * a developer points this at a file (e.g. ggml-base-q5_1.bin downloaded on a machine with internet).
 */
const testModel = process.env.WHISPER_CPP_TEST_MODEL;

describe("whisper.cpp engine", () => {
  let modelDir: string;
  beforeAll(async () => {
    modelDir = await mkdtemp(path.join(tmpdir(), "whisper-"));
  });
  afterAll(async () => {
    await rm(modelDir, { recursive: true, force: true });
  });

  it("reports a missing model with download off as unavailable, for good, saying what to do", async () => {
    const engine = createWhisperCppEngine({ modelDir, fileName: "ggml-base-q5_1.bin", allowDownload: false });
    await expect(engine.transcribe(c6, { language: "en" })).rejects.toMatchObject({
      name: "SpeechEngineError",
      code: "ENGINE_UNAVAILABLE",
      isRetryable: false,
      message: expect.stringMatching(/ggml-base-q5_1\.bin is missing and WHISPER_CPP_DOWNLOAD is off/),
    });
  });

  it("reports a file whisper.cpp cannot load as unavailable (loaded in a child process that then ends)", async () => {
    await writeFile(path.join(modelDir, "ggml-broken.bin"), Buffer.alloc(4_096, 7));
    const engine = createWhisperCppEngine({ modelDir, fileName: "ggml-broken.bin", allowDownload: false });
    await expect(engine.transcribe(c6, { language: "en" })).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      isRetryable: false,
      message: expect.stringMatching(/could not load/),
    });
  });

  it("refuses other languages for an English-only model before loading anything, and takes any for a multilingual one", () => {
    const english = createWhisperCppEngine({ modelDir, fileName: "ggml-base.en-q5_1.bin", allowDownload: false });
    expect(english.languages).toEqual(["en"]);
    expect(createWhisperCppEngine({ modelDir, fileName: "ggml-base-q5_1.bin", allowDownload: false }).languages).toBe("any");
    return expect(english.transcribe(c6, { language: "es" })).rejects.toMatchObject({ code: "LANGUAGE_NOT_SUPPORTED", isRetryable: false });
  });

  it("reports audio that is not a WAV as bad audio", async () => {
    const engine = createWhisperCppEngine({ modelDir, fileName: "ggml-base-q5_1.bin", allowDownload: false });
    await expect(engine.transcribe(path.join(speech, "c6.txt"), { language: "en" })).rejects.toMatchObject({ code: "BAD_AUDIO" });
  });

  it.skipIf(!testModel)(
    "transcribes the JFK clip almost word for word with a real model (WHISPER_CPP_TEST_MODEL)",
    async () => {
      const fileName = path.basename(testModel ?? "");
      await copyFile(testModel ?? "", path.join(modelDir, fileName));
      const engine = createWhisperCppEngine({ modelDir, fileName, allowDownload: false });
      try {
        const result = await engine.transcribe(c6, { language: "en" });
        const text = result.segments.map((segment) => segment.text).join(" ");
        expect(wordErrorRate(await readFile(path.join(speech, "c6.txt"), "utf8"), text)).toBeLessThanOrEqual(0.1);
        expect(result.language).toBe("en");
        expect(result.segments.every((segment) => segment.end >= segment.start && segment.end <= result.durationSeconds)).toBe(true);
      } finally {
        engine.dispose();
      }
    },
    300_000,
  );
});

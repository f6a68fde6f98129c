import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createSpeechEngine } from "./create-speech-engine";
import { selectableLanguagesOf } from "./speech-engine";
import { speechEnvShape } from "./speech-env";

// The engine order of decision 014, from parsed settings. pocketsphinx is really installed here (the CI
// script installs it); "not installed" is a binary name that does not exist.
const parse = (values: Record<string, string>) => z.object(speechEnvShape).parse(values);
const noPocketsphinx = { pocketsphinx: { binary: "pocketsphinx-not-installed" } };

describe("speech settings", () => {
  it("defaults to auto with the base q5_1 whisper.cpp model, downloaded on first use", () => {
    expect(parse({})).toEqual({
      SPEECH_ENGINE: "auto",
      MODEL_DIR: "./data/models",
      WHISPER_CPP_MODEL: "ggml-base-q5_1.bin",
      WHISPER_CPP_DOWNLOAD: true,
      OPENAI_AUDIO_MODEL: "whisper-1",
    });
    expect(parse({ WHISPER_CPP_DOWNLOAD: "false" }).WHISPER_CPP_DOWNLOAD).toBe(false);
    expect(() => parse({ SPEECH_ENGINE: "vosk" })).toThrow();
    expect(() => parse({ OPENAI_AUDIO_BASE_URL: "not a url" })).toThrow();
  });
});

describe("createSpeechEngine", () => {
  let modelDir: string;
  let emptyDir: string;
  beforeAll(async () => {
    modelDir = await mkdtemp(path.join(tmpdir(), "engine-models-"));
    emptyDir = await mkdtemp(path.join(tmpdir(), "engine-empty-"));
    await writeFile(path.join(modelDir, "ggml-custom.bin"), "a model the operator supplied");
  });
  afterAll(async () => {
    await rm(modelDir, { recursive: true, force: true });
    await rm(emptyDir, { recursive: true, force: true });
  });

  it("auto: an OpenAI-compatible endpoint first, when configured", async () => {
    const engine = await createSpeechEngine(
      parse({ OPENAI_AUDIO_BASE_URL: "http://127.0.0.1:9", MODEL_DIR: modelDir, WHISPER_CPP_MODEL: "ggml-custom.bin" }),
    );
    expect(engine.id).toBe("openai-compatible:whisper-1");
  });

  it("an OpenAI-compatible endpoint transcribes what its model can: English for a Whisper .en model, else SPEECH_LANGUAGES or any", async () => {
    const languagesOf = async (values: Record<string, string>) =>
      selectableLanguagesOf(
        await createSpeechEngine(parse({ SPEECH_ENGINE: "openai", OPENAI_AUDIO_BASE_URL: "http://127.0.0.1:9", ...values })),
      );
    expect(await languagesOf({})).toBe("any");
    expect(await languagesOf({ OPENAI_AUDIO_MODEL: "tiny.en" })).toEqual(["en"]);
    expect(await languagesOf({ OPENAI_AUDIO_MODEL: "Systran/faster-whisper-base.en" })).toEqual(["en"]);
    expect(await languagesOf({ OPENAI_AUDIO_MODEL: "distil-large-v3", SPEECH_LANGUAGES: "en" })).toEqual(["en"]);
    expect(await languagesOf({ OPENAI_AUDIO_MODEL: "tiny.en", SPEECH_LANGUAGES: "any" })).toBe("any");
    expect(await languagesOf({ SPEECH_LANGUAGES: "en, es,pt" })).toEqual(["en", "es", "pt"]);
    expect(() => parse({ SPEECH_LANGUAGES: "English" })).toThrow();
  });

  it("auto: whisper.cpp when its model is in MODEL_DIR, even with download off", async () => {
    const engine = await createSpeechEngine(
      parse({ MODEL_DIR: modelDir, WHISPER_CPP_MODEL: "ggml-custom.bin", WHISPER_CPP_DOWNLOAD: "false" }),
    );
    expect(engine.id).toBe("whisper-cpp:ggml-custom.bin");
  });

  it("auto: whisper.cpp when its pinned model can be downloaded (lazily: nothing is fetched now)", async () => {
    const engine = await createSpeechEngine(parse({ MODEL_DIR: emptyDir }), noPocketsphinx);
    expect(engine.id).toBe("whisper-cpp:ggml-base-q5_1.bin");
    expect(engine.languages).toBe("any");
  });

  it("auto: pocketsphinx takes over when the whisper.cpp model cannot be downloaded (no internet)", async () => {
    const switched: string[] = [];
    const engine = await createSpeechEngine(parse({ MODEL_DIR: emptyDir }), {
      // A download host the link-safety check refuses (loopback) fails like a machine offline.
      whisperCpp: { downloadBaseUrl: "http://127.0.0.1:9" },
      logger: { info: (_fields, message) => switched.push(message) },
    });
    expect(engine.id).toBe("whisper-cpp:ggml-base-q5_1.bin");
    // Until whisper.cpp has worked, the menus offer only what pocketsphinx could do too (issue 17).
    expect(engine.languages).toBe("any");
    expect(selectableLanguagesOf(engine)).toEqual(["en"]);
    const result = await engine.transcribe(path.resolve("..", "shared", "fixtures", "speech", "c6.wav"), { language: "en" });
    expect(result.segments.map((segment) => segment.text).join(" ")).toMatch(/country/i);
    expect(engine.id).toBe("pocketsphinx:en-us");
    expect(engine.languages).toEqual(["en"]);
    expect(selectableLanguagesOf(engine)).toEqual(["en"]);
    expect(switched).toContain("whisper.cpp could not start; using pocketsphinx");
    // pocketsphinx reads the clip in ~25 s on a busy 2-core machine.
  }, 150_000);

  it("auto: pocketsphinx when whisper.cpp has no model and may not download one", async () => {
    const engine = await createSpeechEngine(parse({ MODEL_DIR: emptyDir, WHISPER_CPP_DOWNLOAD: "false" }));
    expect(engine.id).toBe("pocketsphinx:en-us");
  });

  it("auto: pocketsphinx when the configured whisper.cpp file has no pinned checksum to download by", async () => {
    const engine = await createSpeechEngine(parse({ MODEL_DIR: emptyDir, WHISPER_CPP_MODEL: "ggml-custom.bin" }));
    expect(engine.id).toBe("pocketsphinx:en-us");
  });

  it("auto: with nothing available, an engine that tells the operator what to configure", async () => {
    const logged: Record<string, unknown>[] = [];
    const engine = await createSpeechEngine(parse({ MODEL_DIR: emptyDir, WHISPER_CPP_DOWNLOAD: "false" }), {
      ...noPocketsphinx,
      logger: { info: (fields) => logged.push(fields) },
    });
    expect(logged).toEqual([{ engine: "unavailable", reason: "nothing available" }]);
    await expect(engine.transcribe("/nonexistent.wav", {})).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      isRetryable: false,
      message: expect.stringMatching(/OPENAI_AUDIO_BASE_URL.*MODEL_DIR.*pocketsphinx/),
    });
  });

  it("an explicit choice wins over auto's order", async () => {
    const withEverything = { OPENAI_AUDIO_BASE_URL: "http://127.0.0.1:9", MODEL_DIR: modelDir, WHISPER_CPP_MODEL: "ggml-custom.bin" };
    expect((await createSpeechEngine(parse({ ...withEverything, SPEECH_ENGINE: "pocketsphinx" }))).id).toBe("pocketsphinx:en-us");
    expect((await createSpeechEngine(parse({ ...withEverything, SPEECH_ENGINE: "whisper-cpp" }))).id).toBe("whisper-cpp:ggml-custom.bin");
    expect((await createSpeechEngine(parse({ ...withEverything, SPEECH_ENGINE: "openai", OPENAI_AUDIO_MODEL: "large" }))).id).toBe(
      "openai-compatible:large",
    );
  });

  it("an explicit choice that cannot work fails each transcription with the reason", async () => {
    const openai = await createSpeechEngine(parse({ SPEECH_ENGINE: "openai" }));
    await expect(openai.transcribe("/nonexistent.wav", {})).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      message: expect.stringMatching(/OPENAI_AUDIO_BASE_URL/),
    });
    const sphinx = await createSpeechEngine(parse({ SPEECH_ENGINE: "pocketsphinx" }), noPocketsphinx);
    await expect(sphinx.transcribe("/nonexistent.wav", {})).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      message: expect.stringMatching(/apt-get install/),
    });
  });
});

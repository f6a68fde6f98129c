import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiAudioStandIn, startOpenAiAudioStandIn } from "../../../test/stand-ins/openai-audio/server";
import { createOpenAiCompatibleEngine } from "./openai-compatible-engine";
import { wordErrorRate } from "./word-error-rate";

// The HTTP engine against a stand-in speaking the real protocol, with a real clip (c6: JFK, 10.9 s).
const speech = path.resolve("..", "shared", "fixtures", "speech");
const clip = path.join(speech, "c6.wav");

describe("OpenAI-compatible speech engine", () => {
  let standIn: OpenAiAudioStandIn;
  let reference: string;

  beforeAll(async () => {
    reference = (await readFile(path.join(speech, "c6.txt"), "utf8")).trim();
    const sha = createHash("sha256")
      .update(await readFile(clip))
      .digest("hex");
    standIn = await startOpenAiAudioStandIn({ transcripts: new Map([[sha, reference]]), apiKey: "sk-test" });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  const engine = (model = "whisper-1", apiKey = "sk-test") => createOpenAiCompatibleEngine({ baseUrl: standIn.url, model, apiKey });

  it("sends verbose_json with word and segment times and reads segments with their words", async () => {
    const result = await engine().transcribe(clip, { language: "en" });
    expect(standIn.lastRequest).toEqual({
      model: "whisper-1",
      language: "en",
      granularities: ["word", "segment"],
      authorization: "Bearer sk-test",
    });
    expect(result.language).toBe("en");
    expect(result.durationSeconds).toBeCloseTo(10.92, 1);
    expect(result.segments).toHaveLength(2);
    const text = result.segments.map((segment) => segment.text).join(" ");
    expect(wordErrorRate(reference, text)).toBe(0);
    const words = result.segments.flatMap((segment) => segment.words ?? []);
    expect(words.map((word) => word.word).join(" ")).toBe(reference.split(/\s+/).join(" "));
    expect(words.every((word, index) => index === 0 || word.start >= (words[index - 1]?.start ?? 0))).toBe(true);
  });

  it("refuses a language its English-only model cannot do without sending the audio", async () => {
    await engine("whisper-1").transcribe(clip, { language: "en" });
    const tinyEn = engine("tiny.en");
    expect(tinyEn.languages).toEqual(["en"]);
    await expect(tinyEn.transcribe(clip, { language: "es" })).rejects.toMatchObject({ code: "LANGUAGE_NOT_SUPPORTED", isRetryable: false });
    // The last request the endpoint saw is still the whisper-1 one.
    expect(standIn.lastRequest?.model).toBe("whisper-1");
  });

  it("lets the endpoint detect the language when none is chosen", async () => {
    await engine().transcribe(clip, { language: "auto" });
    expect(standIn.lastRequest?.language).toBeNull();
  });

  it.each([
    ["a language it cannot do", "whisper-1", "sk-test", "de", { code: "LANGUAGE_NOT_SUPPORTED", isRetryable: false }],
    ["a server error (worth a retry)", "always-500", "sk-test", "en", { code: "ENGINE_FAILED", isRetryable: true }],
    ["an answer that is not verbose_json", "garbage", "sk-test", "en", { code: "ENGINE_FAILED", isRetryable: false }],
    ["a wrong key", "whisper-1", "sk-wrong", "en", { code: "ENGINE_UNAVAILABLE", isRetryable: false }],
  ])("reports %s", async (_label, model, key, language, expected) => {
    await expect(engine(model, key).transcribe(clip, { language })).rejects.toMatchObject({ name: "SpeechEngineError", ...expected });
  });

  it("reports an unreachable endpoint as retryable", async () => {
    const offline = createOpenAiCompatibleEngine({ baseUrl: "http://127.0.0.1:9", model: "whisper-1" });
    await expect(offline.transcribe(clip, {})).rejects.toMatchObject({ code: "ENGINE_FAILED", isRetryable: true });
  });
});

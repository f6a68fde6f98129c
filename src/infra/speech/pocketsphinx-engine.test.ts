import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinxEngine, createUtteranceParser, isPocketsphinxAvailable } from "./pocketsphinx-engine";
import { wordErrorRate } from "./word-error-rate";

// Debian pocketsphinx (bookworm 5prealpha, en-us model) on the real English clips. Ceilings are what was
// measured here plus a margin (the decoder is deterministic): c6 0.364, mean of the English clips 0.371
// (c1 .36, c2 .25, c3 .36, c4 .21, c5 .63, c6 .36, c7 .20, c8 .10, c11 .87). `.ci/run` installs the packages.
const speech = path.resolve("..", "shared", "fixtures", "speech");
const clip = (name: string) => path.join(speech, `${name}.wav`);
const reference = (name: string) => readFile(path.join(speech, `${name}.txt`), "utf8");
/** MANIFEST.md: c1-c8 and c11 are English (c9 Spanish, c10 Portuguese). */
const englishClips = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c11"];

describe("pocketsphinx engine", () => {
  const engine = createPocketsphinxEngine();

  beforeAll(async () => {
    if (!(await isPocketsphinxAvailable()))
      throw new Error("pocketsphinx is not installed: apt-get install pocketsphinx pocketsphinx-en-us");
  });

  it("transcribes the JFK clip within the measured word error rate, with word times", async () => {
    const result = await engine.transcribe(clip("c6"), { language: "en" });
    expect(result.language).toBe("en");
    expect(result.durationSeconds).toBeCloseTo(10.92, 1);
    const text = result.segments.map((segment) => segment.text).join(" ");
    expect(wordErrorRate(await reference("c6"), text)).toBeLessThanOrEqual(0.45);
    const words = result.segments.flatMap((segment) => segment.words ?? []);
    expect(words.length).toBeGreaterThan(15);
    words.forEach((word, index) => {
      expect(word.word).toMatch(/^[a-z'.]+$/); // no <s>, <sil>, or (2) pronunciation variants
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.start).toBeGreaterThanOrEqual(index === 0 ? 0 : (words[index - 1]?.end ?? 0));
      expect(word.end).toBeLessThanOrEqual(result.durationSeconds);
    });
    for (const segment of result.segments) {
      expect(segment.start).toBe(segment.words?.[0]?.start);
      expect(segment.text).toBe(segment.words?.map((word) => word.word).join(" "));
    }
  }, 60_000);

  it("keeps the mean word error rate of the English clips under 45%", async () => {
    const rates: number[] = [];
    for (const name of englishClips) {
      const result = await engine.transcribe(clip(name), { language: "auto" });
      rates.push(wordErrorRate(await reference(name), result.segments.map((segment) => segment.text).join(" ")));
    }
    const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    expect(mean, `per clip: ${rates.map((rate) => rate.toFixed(2)).join(", ")}`).toBeLessThanOrEqual(0.45);
  }, 180_000);

  it.each(["es", "pt", "de"])("refuses %s as not supported, for good", async (language) => {
    await expect(engine.transcribe(clip("c9"), { language })).rejects.toMatchObject({ code: "LANGUAGE_NOT_SUPPORTED", isRetryable: false });
  });

  it("accepts English written as a region tag", async () => {
    const result = await engine.transcribe(clip("c2"), { language: "en-US" });
    expect(result.segments.length).toBeGreaterThan(0);
  }, 60_000);

  it("reports a file that is not a WAV as bad audio", async () => {
    await expect(engine.transcribe(path.join(speech, "c6.txt"), { language: "en" })).rejects.toMatchObject({
      code: "BAD_AUDIO",
      isRetryable: false,
    });
  });

  it("stops when aborted", async () => {
    await expect(engine.transcribe(clip("c6"), { language: "en", signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
    const controller = new AbortController();
    const running = engine.transcribe(clip("c7"), { language: "en", signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });

  it("says when the binary or the model is missing", async () => {
    expect(await isPocketsphinxAvailable()).toBe(true);
    expect(await isPocketsphinxAvailable({ binary: "pocketsphinx-not-installed" })).toBe(false);
    expect(await isPocketsphinxAvailable({ modelDir: "/nonexistent/model" })).toBe(false);
    const missing = createPocketsphinxEngine({ binary: "/nonexistent/pocketsphinx_continuous" });
    await expect(missing.transcribe(clip("c6"), { language: "en" })).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      isRetryable: false,
    });
  });
});

describe("pocketsphinx -time output parser", () => {
  it("makes one segment per utterance and drops markers, fillers and pronunciation variants", () => {
    const parser = createUtteranceParser();
    const output = [
      "and not",
      "<s> 3.090 3.200 0.999600",
      "and(2) 3.210 3.650 0.983830",
      "<sil> 3.660 3.900 0.777689",
      "[NOISE] 3.900 3.905 0.5",
      "not 3.910 4.220 0.657343",
      "</s> 4.230 4.680 1.000000",
      "",
      "<s> 5.000 5.100 1.000000",
      "<sil> 5.110 6.000 1.000000",
      "</s> 6.010 6.200 1.000000",
      "you 7.000 7.500 1.000100",
    ];
    for (const line of output) parser.push(line);
    expect(parser.segments()).toEqual([
      {
        start: 3.21,
        end: 4.22,
        text: "and not",
        words: [
          { word: "and", start: 3.21, end: 3.65, probability: 0.98383 },
          { word: "not", start: 3.91, end: 4.22, probability: 0.657343 },
        ],
      },
      { start: 7, end: 7.5, text: "you", words: [{ word: "you", start: 7, end: 7.5, probability: 1 }] },
    ]);
  });
});

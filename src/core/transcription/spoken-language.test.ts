import { describe, expect, it } from "vitest";
import { isTranscribedByEnglishOnlyEngine } from "~/shared/notes/transcription-languages";
import { decideSpokenLanguage } from "./spoken-language";

describe("the spoken language of new media", () => {
  it("reads auto on an English-only engine as English, stored as en", () => {
    expect(decideSpokenLanguage(["en"], null)).toEqual({ kind: "accepted", language: "en" });
    expect(decideSpokenLanguage(["en"], undefined)).toEqual({ kind: "accepted", language: "en" });
    expect(decideSpokenLanguage(["en"], "auto")).toEqual({ kind: "accepted", language: "en" });
  });

  it("leaves auto to a multilingual engine's own identification", () => {
    expect(decideSpokenLanguage("any", "auto")).toEqual({ kind: "accepted", language: null });
    expect(decideSpokenLanguage(["en", "es"], null)).toEqual({ kind: "accepted", language: null });
  });

  it("refuses a language the engine cannot transcribe, naming what it can", () => {
    expect(decideSpokenLanguage(["en"], "es")).toEqual({ kind: "unsupported", language: "es", supported: ["en"] });
    expect(decideSpokenLanguage(["en", "pt"], "ES-mx")).toEqual({ kind: "unsupported", language: "es", supported: ["en", "pt"] });
  });

  it("accepts what the engine does, by its base code", () => {
    expect(decideSpokenLanguage(["en"], "en")).toEqual({ kind: "accepted", language: "en" });
    expect(decideSpokenLanguage(["en", "pt"], "pt-BR")).toEqual({ kind: "accepted", language: "pt" });
    expect(decideSpokenLanguage("any", "ja")).toEqual({ kind: "accepted", language: "ja" });
  });

  it("keeps auto while a multilingual engine may still fall back to an English-only one, but refuses what is not sure", () => {
    // The default install before whisper.cpp's model has downloaded: pocketsphinx is the fallback.
    const pending = { sure: ["en"], current: "any" } as const;
    expect(decideSpokenLanguage(pending, "auto")).toEqual({ kind: "accepted", language: null });
    expect(decideSpokenLanguage(pending, "es")).toEqual({ kind: "unsupported", language: "es", supported: ["en"] });
    // Fallen back to pocketsphinx: auto is English.
    expect(decideSpokenLanguage({ sure: ["en"], current: ["en"] }, null)).toEqual({ kind: "accepted", language: "en" });
  });

  it("does not blame the language when no engine is set up (the job explains that)", () => {
    expect(decideSpokenLanguage([], "es")).toEqual({ kind: "accepted", language: "es" });
  });
});

describe("the note's English-only line", () => {
  it("shows for English notes written by an English-only engine", () => {
    expect(isTranscribedByEnglishOnlyEngine("pocketsphinx:en-us", "en")).toBe(true);
    expect(isTranscribedByEnglishOnlyEngine("whisper-cpp:ggml-base.en.bin", "en")).toBe(true);
    expect(isTranscribedByEnglishOnlyEngine("openai-compatible:tiny.en", null)).toBe(true);
  });

  it("stays away from multilingual engines, captions and other languages", () => {
    expect(isTranscribedByEnglishOnlyEngine("whisper-cpp:ggml-base.bin", "en")).toBe(false);
    expect(isTranscribedByEnglishOnlyEngine("openai-compatible:whisper-1", "en")).toBe(false);
    expect(isTranscribedByEnglishOnlyEngine("youtube-captions", "en")).toBe(false);
    expect(isTranscribedByEnglishOnlyEngine("pocketsphinx:en-us", "es")).toBe(false);
    expect(isTranscribedByEnglishOnlyEngine(null, "en")).toBe(false);
  });
});

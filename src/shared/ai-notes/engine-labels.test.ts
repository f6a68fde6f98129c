import { describe, expect, it } from "vitest";
import { languageModelLabel, notesEngineLine, speechEngineLabel, transcriptEngineLine } from "./engine-labels";

describe("engine labels", () => {
  it("name the speech engine and its model as people say them", () => {
    expect(speechEngineLabel("whisper-cpp:ggml-base.bin")).toBe("whisper.cpp · base");
    expect(speechEngineLabel("whisper-cpp:ggml-small.en.bin")).toBe("whisper.cpp · small.en");
    expect(speechEngineLabel("pocketsphinx:en-us")).toBe("pocketsphinx · en-us");
    expect(speechEngineLabel("openai-compatible:whisper-1")).toBe("OpenAI-compatible · whisper-1");
    expect(speechEngineLabel("some-engine")).toBe("some-engine");
    expect(transcriptEngineLine("youtube-captions")).toEqual({ kind: "fromCaptions" });
    expect(transcriptEngineLine(null)).toBeNull();
  });

  it("name the notes' model, or say they are extracted highlights and whether a model failed", () => {
    expect(languageModelLabel("openai:gpt-4o-mini")).toBe("gpt-4o-mini");
    expect(languageModelLabel("llama:qwen2.5-1.5b-instruct-q4_k_m.gguf")).toBe("qwen2.5-1.5b-instruct-q4_k_m");
    expect(notesEngineLine({ engine: "openai:gpt-4o-mini", isExtractive: false, fallbackReason: null })).toEqual({
      kind: "notesBy",
      model: "gpt-4o-mini",
    });
    expect(notesEngineLine({ engine: "extractive", isExtractive: true, fallbackReason: null })).toEqual({ kind: "notesExtractive" });
    expect(notesEngineLine({ engine: "extractive", isExtractive: true, fallbackReason: "cut_off" })).toEqual({ kind: "notesFallback" });
  });
});

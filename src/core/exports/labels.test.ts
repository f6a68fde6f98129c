import { describe, expect, it } from "vitest";
import { exportLabels, formatDuration, isTimeZone, languageName } from "./labels";

describe("export labels", () => {
  it("show seconds only under a minute (spec section 9), then minutes, then hours and minutes", () => {
    expect(formatDuration(45.4, "en")).toBe("45 sec");
    expect(formatDuration(754, "pt")).toBe("13 min");
    expect(formatDuration(3900, "en")).toBe("1 hr 5 min");
    expect(formatDuration(7200, "es")).toBe("2 h");
  });

  it("name languages in the reader's language and keep an unknown code as it is", () => {
    expect(languageName("pt", "en")).toBe("Portuguese");
    expect(languageName("en", "es")).toBe("inglés");
    expect(languageName("not a code", "en")).toBe("not a code");
  });

  it("format the creation time in the reader's time zone and leave unknown facts out", () => {
    const labels = exportLabels((key, values) => `${key}${values ? JSON.stringify(values) : ""}`, {
      locale: "en",
      timeZone: "America/Sao_Paulo",
      createdAt: new Date("2026-03-03T01:30:00Z"),
      durationSeconds: null,
      language: null,
    });
    expect(labels.created).toBe('created{"date":"March 2, 2026 at 10:30 PM"}');
    expect(labels.duration).toBeNull();
    expect(labels.language).toBeNull();
    expect(labels.actionItems).toBe("actionItems");
  });

  it("say which engine wrote the transcript and the notes; extracted highlights keep to their own notice", () => {
    const labelsWith = (transcriptEngine: string | null, notesEngine: Parameters<typeof exportLabels>[1]["notesEngine"]) =>
      exportLabels((key, values) => `${key}${values ? JSON.stringify(values) : ""}`, {
        locale: "en",
        timeZone: "UTC",
        createdAt: new Date("2026-03-03T01:30:00Z"),
        durationSeconds: null,
        language: null,
        transcriptEngine,
        notesEngine,
      });
    const model = { engine: "openai:gpt-4o-mini", isExtractive: false, fallbackReason: null };
    expect(labelsWith("whisper-cpp:ggml-base.bin", model).engines).toBe(
      'transcribedBy{"engine":"whisper.cpp · base"} · notesBy{"model":"gpt-4o-mini"}',
    );
    expect(labelsWith("youtube-captions", null).engines).toBe("fromCaptions");
    const fallback = labelsWith("pocketsphinx:en-us", { engine: "extractive", isExtractive: true, fallbackReason: "cut_off" });
    expect(fallback.engines).toBe('transcribedBy{"engine":"pocketsphinx · en-us"}');
    expect(fallback.notesFallback).toBe("notesFallback");
    expect(labelsWith(null, { engine: "extractive", isExtractive: true, fallbackReason: null }).engines).toBeNull();
  });

  it("accept only known time zones", () => {
    expect(isTimeZone("Europe/Lisbon")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/app/i18n/create-i18n";
import type { Locale } from "~/shared/i18n/locales";
import { EnglishOnlyLine } from "./english-only-line";

// A note an English-only engine wrote says it was read as English (issue 19), in every language.
async function render(locale: Locale, element: React.ReactElement): Promise<string> {
  const notes = JSON.parse(readFileSync(path.resolve("i18n", locale, "notes.json"), "utf8"));
  const i18n = await createI18n({ locale, namespaces: ["notes"], resources: { [locale]: { notes } } });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>).replace(/<[^>]+>/g, "");
}

describe("the English-only line on a note", () => {
  it("says the note was transcribed as English, in en, es and pt", async () => {
    expect(await render("en", <EnglishOnlyLine transcriptEngine="openai-compatible:tiny.en" language="en" />)).toBe(
      "Transcribed as English: this server transcribes English only",
    );
    expect(await render("es", <EnglishOnlyLine transcriptEngine="pocketsphinx:en-us" language="en" />)).toBe(
      "Transcrito como inglés: este servidor solo transcribe inglés",
    );
    expect(await render("pt", <EnglishOnlyLine transcriptEngine="whisper-cpp:ggml-base.en.bin" language="en" />)).toBe(
      "Transcrito como inglês: este servidor transcreve apenas inglês",
    );
  });

  it("says nothing for a multilingual engine", async () => {
    expect(await render("en", <EnglishOnlyLine transcriptEngine="whisper-cpp:ggml-base.bin" language="es" />)).toBe("");
  });
});

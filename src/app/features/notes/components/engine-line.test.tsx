import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/app/i18n/create-i18n";
import type { Locale } from "~/shared/i18n/locales";
import { AiNotesView } from "./ai-notes-view";
import { EngineLine } from "./engine-line";

// The note page says which engine and model wrote the transcript and the notes (issue 19), in every language.
async function render(locale: Locale, element: React.ReactElement): Promise<string> {
  const notes = JSON.parse(readFileSync(path.resolve("i18n", locale, "notes.json"), "utf8"));
  const i18n = await createI18n({ locale, namespaces: ["notes"], resources: { [locale]: { notes } } });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("the engine line on a note", () => {
  const model = { engine: "openai:gpt-4o-mini", isExtractive: false, fallbackReason: null };

  it("names the speech engine with its model and the notes' model", async () => {
    expect(text(await render("en", <EngineLine transcriptEngine="whisper-cpp:ggml-base.bin" aiNotes={model} />))).toBe(
      "Transcribed by whisper.cpp · base · Notes by gpt-4o-mini",
    );
    expect(text(await render("pt", <EngineLine transcriptEngine="pocketsphinx:en-us" aiNotes={model} />))).toBe(
      "Transcrito com pocketsphinx · en-us · Notas por gpt-4o-mini",
    );
    expect(text(await render("es", <EngineLine transcriptEngine="youtube-captions" aiNotes={null} />))).toBe(
      "Transcripción tomada de los subtítulos del vídeo",
    );
    expect(await render("en", <EngineLine transcriptEngine={null} aiNotes={null} />)).toBe("");
  });

  it("says the notes are extracted highlights, and why when a model's answer could not be used", async () => {
    const extractive = { engine: "extractive", isExtractive: true, fallbackReason: null };
    expect(text(await render("en", <EngineLine transcriptEngine={null} aiNotes={extractive} />))).toBe(
      "Extracted highlights (no AI model)",
    );
    const content = { title: "", summary: "We met.", keyPoints: [], decisions: [], actionItems: [], chapters: [] };
    const view = await render("en", <AiNotesView content={content} isExtractive fallbackReason="cut_off" hasTimes={false} />);
    expect(text(view)).toContain("The AI model's answer was cut off at its length limit. These are extracted highlights.");
    const spanish = await render("es", <AiNotesView content={content} isExtractive fallbackReason="looping_answer" hasTimes={false} />);
    expect(text(spanish)).toContain("La respuesta del modelo de IA se repetía una y otra vez. Estos son fragmentos destacados.");
  });
});

import { describe, expect, it } from "vitest";
import { readDocxHtml, readDocxText } from "../../../test/support/export-readers";
import { catalogLabels, pastedText, portugueseMeeting, twoHourMeeting } from "../../../test/support/export-samples";
import { toDocx } from "./docx-export";

// Word files read back with mammoth (the reader the app uses for uploaded .docx): the text with its
// accents, the section headings as Word headings, real bullet lists and bold speakers.

describe("DOCX export", () => {
  it("keeps every section and accent, with Heading 1 sections, lists and bold speakers", async () => {
    const note = portugueseMeeting();
    const bytes = await toDocx(note, { content: "all", labels: await catalogLabels("pt", note) });
    const paragraphs = (await readDocxText(bytes)).split("\n\n").map((line) => line.trim());
    expect(paragraphs.slice(0, 4)).toEqual([
      "Reunião de orçamento: ação e decisões",
      "Criada em 3 de março de 2026 às 10:15 · Duração: 13 min · Idioma: português",
      // Which engine and model wrote the transcript and the notes (issue 19).
      "Transcrito com whisper.cpp · base · Notas por gpt-4o-mini",
      "Resumo",
    ]);
    expect(paragraphs).toContain("Enviar a planilha revisada — Responsável: João · Prazo: sexta-feira");
    expect(paragraphs).toContain("[01:02] João: A previsão é ótima: ação até sexta, senão não dá.");
    expect(paragraphs).toContain("[01:10] El niño pidió una piñata y un café con azúcar.");
    const html = await readDocxHtml(bytes);
    for (const heading of ["Resumo", "Pontos-chave", "Decisões", "Itens de ação", "Capítulos", "Transcrição"]) {
      expect(html).toContain(`<h1>${heading}</h1>`);
    }
    expect(html).toContain("<ul><li>A previsão está 5% acima</li><li>Viagens ficam para abril</li></ul>");
    expect(html).toContain("<p>[01:02] <strong>João: </strong>A previsão é ótima");
  });

  it("labels extracted highlights, leaves pasted text without timestamps, and keeps to the content asked", async () => {
    const note = pastedText();
    const labels = await catalogLabels("en", note);
    const all = await readDocxText(await toDocx(note, { content: "all", labels }));
    expect(all).toContain("Extracted highlights (no AI model)");
    expect(all).toContain("- Second paragraph, which starts like a list item.");
    expect(all).not.toMatch(/\[\d\d:\d\d/);
    const transcriptOnly = await readDocxText(await toDocx(note, { content: "transcript", labels }));
    expect(transcriptOnly).not.toContain("Extracted highlights");
    expect(transcriptOnly).not.toContain("Key points");
    const notesOnly = await readDocxText(await toDocx(note, { content: "notes", labels }));
    expect(notesOnly).not.toContain("First paragraph.");
  });

  it("says so when the transcript is empty", async () => {
    const note = { ...portugueseMeeting(), segments: [] };
    const text = await readDocxText(await toDocx(note, { content: "transcript", labels: await catalogLabels("es", note) }));
    expect(text.trim().endsWith("Transcripción\n\nLa transcripción está vacía: no se encontró voz.")).toBe(true);
  });

  it("writes a 2-hour transcript with hours in every timestamp", async () => {
    const note = twoHourMeeting();
    const bytes = await toDocx(note, { content: "all", labels: await catalogLabels("en", note) });
    // Its speed is measured by npm run bench:exports.
    const lines = (await readDocxText(bytes)).split("\n\n").filter((line) => line.startsWith("["));
    expect(lines).toHaveLength(1800);
    expect(lines[lines.length - 1]).toBe(
      "[01:59:56] Bruno: Point 1799: we reviewed the numbers for item 1799 and agreed to follow up with the team next week.",
    );
  });
});

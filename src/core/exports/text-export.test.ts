import { describe, expect, it } from "vitest";
import { catalogLabels, pastedText, portugueseMeeting, twoHourMeeting } from "../../../test/support/export-samples";
import type { ExportableNote } from "./schema";
import { escapeMarkdownLine, toMarkdown, toPlainText } from "./text-export";

// TXT and Markdown read back as text: the sections a reader expects, in the note's order, with accents
// intact, timestamps only where the note has a timeline, and nothing a Markdown renderer would misread.

const withoutNotes = (note: ExportableNote): ExportableNote => ({ ...note, aiNotes: null });

describe("plain text export", () => {
  it("writes the title, facts, every notes section and one line per segment, in Portuguese", async () => {
    const note = portugueseMeeting();
    const text = toPlainText(note, { content: "all", labels: await catalogLabels("pt", note) });
    const lines = text.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "Reunião de orçamento: ação e decisões",
      "=====================================",
      "",
      "Criada em 3 de março de 2026 às 10:15 · Duração: 13 min · Idioma: português",
    ]);
    const order = ["Resumo", "Pontos-chave", "Decisões", "Itens de ação", "Capítulos", "Transcrição"].map((heading) =>
      lines.indexOf(heading),
    );
    expect(order.every((index, position) => index > 0 && (position === 0 || index > (order[position - 1] ?? 0)))).toBe(true);
    expect(lines).toContain("- [ ] Enviar a planilha revisada — Responsável: João · Prazo: sexta-feira");
    expect(lines).toContain("- [ ] Rever contratos");
    expect(lines).toContain("[01:02] Previsão — Números de março");
    expect(lines).toContain("[01:02] João: A previsão é ótima: ação até sexta, senão não dá.");
    expect(lines).toContain("[01:10] El niño pidió una piñata y un café con azúcar.");
    expect(text).not.toContain("Trechos destacados extraídos");
    expect(text.endsWith("não dá.\n[01:10] El niño pidió una piñata y un café con azúcar.\n")).toBe(true);
  });

  it("keeps to the chosen content", async () => {
    const note = portugueseMeeting();
    const labels = await catalogLabels("en", note);
    const notesOnly = toPlainText(note, { content: "notes", labels });
    expect(notesOnly).toContain("Summary\n-------");
    expect(notesOnly).not.toContain("Transcript");
    expect(notesOnly).not.toContain("Bom dia");
    const transcriptOnly = toPlainText(note, { content: "transcript", labels });
    expect(transcriptOnly).not.toContain("Summary");
    expect(transcriptOnly).toContain("Transcript\n----------\n\n[00:00] Conceição: Bom dia a todos, vamos começar.");
  });

  it("labels extracted highlights and leaves timestamps out of pasted text", async () => {
    const note = pastedText();
    const text = toPlainText(note, { content: "all", labels: await catalogLabels("es", note) });
    expect(text.split("\n").slice(0, 6)).toEqual([
      "Ideas",
      "=====",
      "",
      "Creada el 3 de marzo de 2026 a las 10:15",
      "",
      "[Fragmentos destacados extraídos (sin modelo de IA)]",
    ]);
    expect(text).toContain("\nFirst paragraph.\n- Second paragraph");
    expect(text).not.toMatch(/\[\d\d:\d\d/);
  });

  it("labels extracted highlights that stand in for a model's notes it could not use", async () => {
    const note = { ...pastedText(), fallbackReason: "cut_off" };
    const text = toPlainText(note, { content: "all", labels: await catalogLabels("en", note) });
    expect(text).toContain("[Extracted highlights (the AI model's notes could not be used)]");
  });

  it("says the transcript is empty instead of printing a bare heading", async () => {
    const note = { ...withoutNotes(portugueseMeeting()), segments: [] };
    const text = toPlainText(note, { content: "transcript", labels: await catalogLabels("en", note) });
    expect(text).toMatch(/Transcript\n----------\n\nThe transcript is empty: no speech was found.\n$/);
  });

  it("uses hours in every timestamp of a note that lasts an hour or more", async () => {
    const note = twoHourMeeting();
    const text = toPlainText(note, { content: "all", labels: await catalogLabels("en", note) });
    const stamps = text.match(/^\[[\d:]+\]/gm) ?? [];
    expect(stamps).toHaveLength(1800);
    expect(stamps[0]).toBe("[00:00:00]");
    expect(stamps[stamps.length - 1]).toBe("[01:59:56]");
    expect(text).toContain("Duration: 2 h");
  });
});

describe("Markdown export", () => {
  it("uses headings, lists, tasks with owner and due, and a paragraph per segment", async () => {
    const note = portugueseMeeting();
    const markdown = toMarkdown(note, { content: "all", labels: await catalogLabels("pt", note) });
    expect(markdown.split("\n").slice(0, 3)).toEqual([
      "# Reunião de orçamento: ação e decisões",
      "",
      "_Criada em 3 de março de 2026 às 10:15 · Duração: 13 min · Idioma: português_",
    ]);
    for (const heading of ["Resumo", "Pontos-chave", "Decisões", "Itens de ação", "Capítulos", "Transcrição"]) {
      expect(markdown).toContain(`\n## ${heading}\n`);
    }
    expect(markdown).toContain("\n- [ ] Enviar a planilha revisada — Responsável: João · Prazo: sexta-feira\n- [ ] Rever contratos\n");
    expect(markdown).toContain("\n- 01:02 **Previsão** — Números de março\n");
    expect(markdown).toContain("\n\n[00:00] **Conceição:** Bom dia a todos, vamos começar.\n\n[01:02] **João:** A previsão é ótima");
    expect(markdown).toContain("\n\n[01:10] El niño pidió una piñata y un café con azúcar.\n");
  });

  it("quotes the extractive label and escapes text that would turn into formatting", async () => {
    const note = pastedText();
    const markdown = toMarkdown(note, { content: "all", labels: await catalogLabels("en", note) });
    expect(markdown).toContain("\n> Extracted highlights (no AI model)\n");
    expect(markdown).toContain("\n\\# Not a heading 1. not a list\n");
    expect(markdown).toContain("\n- Use \\*stars\\* and \\_underscores\\_ \\[literally\\]\n");
    expect(markdown).toContain("\n\\- Second paragraph, which starts like a list item.\n");
  });

  it("escapes list numbers, quotes and setext underlines at the start of a line", () => {
    expect(escapeMarkdownLine("2024. A good year")).toBe("2024\\. A good year");
    expect(escapeMarkdownLine("> not a quote")).toBe("\\> not a quote");
    expect(escapeMarkdownLine("=== not an underline")).toBe("\\=== not an underline");
    expect(escapeMarkdownLine("+ not a list")).toBe("\\+ not a list");
    expect(escapeMarkdownLine("a <b>tag</b>")).toBe("a \\<b\\>tag\\</b\\>");
  });
});

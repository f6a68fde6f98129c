import { describe, expect, it } from "vitest";
import { readPdfInfo, readPdfPages } from "../../../test/support/export-readers";
import { catalogLabels, pastedText, portugueseMeeting, twoHourMeeting } from "../../../test/support/export-samples";
import { pdfSafeText, toPdf } from "./pdf-export";

// PDFs read back with pdfjs (the reader the app uses for uploaded PDFs): accents and non-Western
// European letters come out as written, long text wraps and paginates, every page is numbered.

describe("PDF export", () => {
  it("keeps Portuguese and Spanish accents, every section, speakers and timestamps", async () => {
    const note = portugueseMeeting();
    const bytes = await toPdf(note, { content: "all", labels: await catalogLabels("pt", note) });
    const pages = await readPdfPages(bytes);
    expect(pages).toHaveLength(1);
    const lines = (pages[0] ?? "").split("\n").filter(Boolean);
    expect(lines.slice(0, 4)).toEqual([
      "Reunião de orçamento: ação e decisões",
      "Criada em 3 de março de 2026 às 10:15 · Duração: 13 min · Idioma: português",
      // Which engine and model wrote the transcript and the notes (issue 19).
      "Transcrito com whisper.cpp · base · Notas por gpt-4o-mini",
      "Resumo",
    ]);
    for (const line of [
      "Itens de ação",
      "Enviar a planilha revisada — Responsável: João · Prazo: sexta-feira",
      "01:02 Previsão — Números de março",
      "[01:02] João: A previsão é ótima: ação até sexta, senão não dá.",
      "[01:10] El niño pidió una piñata y un café con azúcar.",
      "1 / 1",
    ]) {
      expect(lines).toContain(line);
    }
    expect(await readPdfInfo(bytes)).toMatchObject({ Title: "Reunião de orçamento: ação e decisões", Creator: "Parley" });
  });

  it("draws Polish, Czech and Russian letters, and marks what the font lacks instead of garbling it", async () => {
    const note = {
      ...portugueseMeeting(),
      aiNotes: null,
      segments: [{ start: 1, end: 5, speaker: "Łukasz", text: "Zażółć gęślą jaźń, příliš žluťoučký. Съешь ещё булок. Tiếng Việt 中文 😀" }],
    };
    const text = (await readPdfPages(await toPdf(note, { content: "all", labels: await catalogLabels("en", note) }))).join("\n");
    expect(text).toContain("[00:01] Łukasz: Zażółć gęślą jaźń, příliš žluťoučký. Съешь ещё булок. Tieng Viet □□ □");
  });

  it("labels extracted highlights and leaves timestamps out of pasted text", async () => {
    const note = pastedText();
    const text = (await readPdfPages(await toPdf(note, { content: "all", labels: await catalogLabels("es", note) }))).join("\n");
    expect(text).toContain("Fragmentos destacados extraídos (sin modelo de IA)");
    expect(text).toContain("- Second paragraph, which starts like a list item.");
    expect(text).not.toMatch(/\[\d\d:\d\d/);
  });

  it("says so when the transcript is empty, and leaves the transcript out of notes-only files", async () => {
    const empty = { ...portugueseMeeting(), segments: [] };
    const text = (await readPdfPages(await toPdf(empty, { content: "all", labels: await catalogLabels("en", empty) }))).join("\n");
    expect(text).toContain("Transcript\nThe transcript is empty: no speech was found.");
    const note = portugueseMeeting();
    const notesOnly = (await readPdfPages(await toPdf(note, { content: "notes", labels: await catalogLabels("en", note) }))).join("\n");
    expect(notesOnly).toContain("Action items");
    expect(notesOnly).not.toContain("Bom dia");
  });

  it("wraps and paginates a 2-hour transcript, numbering every page", async () => {
    const note = twoHourMeeting();
    const bytes = await toPdf(note, { content: "all", labels: await catalogLabels("en", note) });
    // Its speed is measured by npm run bench:exports (0.55 s, 148 KB, 74 pages on a 2-core machine).
    expect(bytes.length).toBeLessThan(1_000_000);
    const pages = await readPdfPages(bytes);
    expect(pages.length).toBeGreaterThan(50);
    for (const [index, page] of pages.entries()) expect(page.trimEnd().endsWith(`${index + 1} / ${pages.length}`)).toBe(true);
    const text = pages.join("\n");
    // Long lines wrap inside the margins: no segment is cut, each begins on its own line.
    expect(text.match(/^\[\d\d:\d\d:\d\d\] (Ana|Bruno): Point \d+:/gm)).toHaveLength(1800);
    expect(text.replace(/\n/g, " ")).toContain(
      "[01:59:56] Bruno: Point 1799: we reviewed the numbers for item 1799 and agreed to follow up with the team next week.",
    );
  });
});

describe("PDF-safe text", () => {
  it("keeps what Liberation Sans draws and replaces the rest", () => {
    expect(pdfSafeText("ação ç ñ é ü ß — “x” € … ł ő ş ț Ω ž Ж")).toBe("ação ç ñ é ü ß — “x” € … ł ő ş ț Ω ž Ж");
    expect(pdfSafeText("Việt 中 😀")).toBe("Viet □ □");
  });
});

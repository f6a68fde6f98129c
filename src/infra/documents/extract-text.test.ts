import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFixtures } from "../../../test/fixtures/documents/make-fixtures";
import { MAX_DOCUMENT_TEXT_CHARS } from "./document-error";
import { extractDocxText } from "./docx-text";
import { extractDocumentText } from "./extract-text";
import { extractPdfText } from "./pdf-text";

// Real files through the real libraries: the committed fixtures of test/fixtures/documents (made by
// make-fixtures.ts) and a few large or odd files written to a temporary folder here.
const fixtures = fileURLToPath(new URL("../../../test/fixtures/documents/", import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);
const extract = (name: string, mimeType: string | null = null, fileName = name) =>
  extractDocumentText(fixture(name), { fileName, mimeType });

describe("extractDocumentText", () => {
  let dir: string;
  const temp = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "parley-documents-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("has fixtures that make-fixtures.ts still produces byte for byte", async () => {
    for (const [name, data] of Object.entries(documentFixtures())) {
      expect(Buffer.compare(await readFile(fixture(name)), data), `${name} differs: rerun make-fixtures.ts`).toBe(0);
    }
  });

  describe("PDF", () => {
    it("reads both pages in order with their line and paragraph breaks", async () => {
      expect(await extract("two-pages.pdf", "application/pdf")).toEqual({
        text: [
          "Weekly sync notes",
          "",
          "Alice opened the meeting at nine.",
          "Bob shared the budget update.",
          "",
          "Action items follow on the next page.",
          "",
          "Action items",
          "",
          "Carol will draft the proposal.",
          "Dave will book the venue.",
          "",
          "Próxima reunião: sexta-feira.",
        ].join("\n"),
        pageCount: 2,
        title: "Weekly sync notes",
      });
    });

    it("takes the title from the document's metadata, not its first line", async () => {
      expect(await extract("titled.pdf")).toEqual({ text: "Draft agenda", pageCount: 1, title: "Revisão do orçamento 2025" });
    });

    it("calls a password-protected PDF ENCRYPTED (and the fixture really opens with its password)", async () => {
      await expect(extract("encrypted.pdf")).rejects.toMatchObject({ name: "DocumentError", code: "ENCRYPTED", isRetryable: false });
      const data = new Uint8Array(await readFile(fixture("encrypted.pdf")));
      const task = getDocument({ data, password: "open sesame", verbosity: VerbosityLevel.ERRORS });
      try {
        const document = await task.promise;
        expect((await document.getMetadata()).info).toMatchObject({ EncryptFilterName: "Standard" });
        const content = await (await document.getPage(1)).getTextContent();
        expect(content.items.map((item) => ("str" in item ? item.str : ""))).toEqual(["Top secret minutes"]);
      } finally {
        await task.destroy();
      }
    });

    it("stops at the character limit page by page", async () => {
      await expect(extractPdfText(fixture("two-pages.pdf"), { maxChars: 150 })).rejects.toMatchObject({ code: "TOO_LARGE" });
      await expect(extractPdfText(fixture("two-pages.pdf"), { maxChars: 1000 })).resolves.toMatchObject({ pageCount: 2 });
    });

    it("rejects with the abort reason, before or while pdfjs works", async () => {
      const aborted = AbortSignal.abort();
      await expect(extractDocumentText(fixture("two-pages.pdf"), { fileName: "a.pdf", mimeType: null, signal: aborted })).rejects.toBe(
        aborted.reason,
      );
      const controller = new AbortController();
      const running = extractPdfText(fixture("two-pages.pdf"), { maxChars: MAX_DOCUMENT_TEXT_CHARS, signal: controller.signal });
      setImmediate(() => controller.abort());
      await expect(running).rejects.toMatchObject({ name: "AbortError" });
    });
  });

  describe("DOCX", () => {
    it("reads paragraphs, runs and non-ASCII text", async () => {
      expect(await extract("meeting.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toEqual({
        text: "Reunião de equipe — ação\n\nDecidimos lançar a versão 2 em março.",
        pageCount: null,
        title: "Reunião de equipe — ação",
      });
    });

    it("refuses a main part too big to inflate, from the ZIP directory alone", async () => {
      const entries = [{ name: "word/document.xml", uncompressedSize: 3_000_000_000 }];
      await expect(extractDocxText(fixture("meeting.docx"), { maxChars: MAX_DOCUMENT_TEXT_CHARS, entries })).rejects.toMatchObject({
        code: "TOO_LARGE",
      });
    });
  });

  describe("text files", () => {
    it.each([
      ["UTF-8 with a BOM and CRLF", "utf8-bom.txt", "Café notes\nSecond line — ok\n\nLast paragraph."],
      ["UTF-16 LE with a BOM", "utf16le.txt", "Agenda: revisão\nŁódź office — 10:00"],
      ["UTF-16 BE with a BOM", "utf16be.txt", "Agenda: revisão\nŁódź office — 10:00"],
      ["Windows-1252 (not valid UTF-8)", "windows-1252.txt", "“Crème brûlée” for the café team, 5 €"],
    ])("decodes %s", async (_label, name, text) => {
      const result = await extract(name, "text/plain");
      expect(result).toEqual({ text, pageCount: null, title: text.split("\n")[0] });
    });

    it("keeps Markdown's words and drops its markup", async () => {
      expect(await extract("notes.md")).toEqual({
        text: [
          "Sprint review",
          "",
          "Intro with bold, italic, inline code and a link.",
          "",
          "Decisions",
          "",
          "- Ship the new importer",
          "- Read the spec and https://example.com/faq",
          "1. Keep snake_case_names as they are",
          "",
          "const answer = 42; // **not bold**",
          "",
          "Quoted old plan",
          "",
          "Owner | Task",
          "Ana | Docs",
        ].join("\n"),
        pageCount: null,
        title: "Sprint review",
      });
    });

    it("treats a text file as Markdown by its MIME type when the name has no extension", async () => {
      const result = await extract("notes.md", "text/markdown; charset=utf-8", "notes");
      expect(result).toEqual(await extract("notes.md"));
      expect(result.text).not.toContain("https://example.com/docs");
    });

    it("allows exactly the character limit and refuses one more", async () => {
      await writeFile(temp("limit.txt"), "a".repeat(MAX_DOCUMENT_TEXT_CHARS));
      expect((await extractDocumentText(temp("limit.txt"), { fileName: "limit.txt", mimeType: null })).text).toHaveLength(
        MAX_DOCUMENT_TEXT_CHARS,
      );
      await writeFile(temp("over.txt"), "a".repeat(MAX_DOCUMENT_TEXT_CHARS + 1));
      await expect(extractDocumentText(temp("over.txt"), { fileName: "over.txt", mimeType: null })).rejects.toMatchObject({
        code: "TOO_LARGE",
      });
    });
  });

  describe("format detection", () => {
    it("goes by the bytes when the name and MIME type are wrong", async () => {
      expect((await extract("two-pages.pdf", "text/plain", "minutes.txt")).pageCount).toBe(2);
      expect((await extract("meeting.docx", "application/octet-stream", "upload.bin")).title).toBe("Reunião de equipe — ação");
    });

    it("does not read text named .pdf as text, nor an unknown text type", async () => {
      await writeFile(temp("report.pdf"), "Not a PDF at all\n");
      await writeFile(temp("data.csv"), "a,b\n1,2\n");
      await expect(extractDocumentText(temp("report.pdf"), { fileName: "report.pdf", mimeType: "application/pdf" })).rejects.toMatchObject({
        code: "UNSUPPORTED",
      });
      await expect(extractDocumentText(temp("data.csv"), { fileName: "data.csv", mimeType: "text/csv" })).rejects.toMatchObject({
        code: "UNSUPPORTED",
      });
    });
  });

  it.each([
    ["an empty file", "empty.txt", "text/plain", "EMPTY"],
    ["a text file of whitespace", "blank.txt", "text/plain", "EMPTY"],
    ["an image-only PDF", "image-only.pdf", "application/pdf", "NO_TEXT"],
    ["the first half of a PDF", "truncated.pdf", "application/pdf", "CORRUPT"],
    ["a PNG renamed .pdf", "picture.pdf", "application/pdf", "UNSUPPORTED"],
    ["the first half of a DOCX", "truncated.docx", null, "CORRUPT"],
    ["a DOCX with broken XML", "broken-xml.docx", null, "CORRUPT"],
    ["a spreadsheet", "budget.xlsx", null, "UNSUPPORTED"],
  ])("names %s", async (_label, name, mimeType, code) => {
    await expect(extract(name, mimeType)).rejects.toMatchObject({ name: "DocumentError", code, isRetryable: false });
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { actionDetails, type OutlineBlock, outlineBlocks } from "./document-outline";
import { displayTitle, type ExportableNote, type ExportLabels, type ExportRequest } from "./schema";

// PDF through pdfkit, offline. The 14 built-in PDF fonts only encode WinAnsi (Western European), so a
// Polish, Czech, Turkish, Greek or Russian transcript would come out garbled; instead the pages embed
// Liberation Sans (SIL Open Font License), which pdfjs-dist — already a dependency for reading PDFs —
// ships in its standard_fonts folder. pdfkit subsets it: only the glyphs used are written.
// Its copy covers Latin (Latin-1, Extended-A, Romanian), modern Greek and Cyrillic; a character outside
// it (CJK, Arabic, Hebrew, emoji) is drawn as its unaccented letter when it has one, else as "□".
// pdfkit wraps and paginates by itself; memory grows with pages (~60 for a 2-hour transcript, measured
// in pdf-export.test.ts), not with anything larger.

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(path.join(pdfjsRoot, "standard_fonts", "LiberationSans-Regular.ttf")),
    bold: readFileSync(path.join(pdfjsRoot, "standard_fonts", "LiberationSans-Bold.ttf")),
  };
  return fonts;
}

// The code points pdfjs-dist 5.6's LiberationSans-Regular/-Bold have glyphs for (listed with fontkit's
// hasGlyphForCodePoint; box-drawing and symbol blocks left out).
const covered =
  /[\u0020-\u007e\u00a0-\u017f\u0192\u01fa-\u01ff\u0218-\u021b\u02c6\u02c7\u02c9\u02d8-\u02dd\u037e\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce\u0400-\u045f\u0472\u0473\u0490\u0491\u1e80-\u1e85\u1ef2\u1ef3\u2010\u2011\u2013-\u2015\u2017-\u201e\u2020-\u2022\u2026\u2030\u2032\u2033\u2039\u203a\u203c\u203e\u2044\u207f\u20a3\u20a4\u20a7\u20ac\u2105\u2113\u2116\u2122\u2126\u212e\u2190-\u2195\u2212\u2248\u2260\u2264\u2265\u25a1\u25cf]/;

/** Text the embedded font can draw: uncovered characters fall back to their base letter, else "□". */
export function pdfSafeText(text: string): string {
  let out = "";
  for (const char of text) {
    if (covered.test(char)) {
      out += char;
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base && [...base].every((part) => covered.test(part)) ? base : "□";
  }
  return out;
}

const page = { margin: 56, footer: 32 };
const colors = { text: "#111111", muted: "#555555", notice: "#8a4b00" };
const sizes = { title: 20, heading: 14, body: 11, small: 9.5 };

type Doc = InstanceType<typeof PDFDocument>;

/** A heading never sits alone at the foot of a page: it moves to the next one with its first lines. */
function keepWithNext(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function renderBlock(doc: Doc, block: OutlineBlock, labels: ExportLabels) {
  const left = doc.page.margins.left;
  switch (block.kind) {
    case "title":
      doc.font("bold").fontSize(sizes.title).fillColor(colors.text).text(pdfSafeText(block.text)).moveDown(0.3);
      return;
    case "meta":
      doc.font("regular").fontSize(sizes.small).fillColor(colors.muted).text(pdfSafeText(block.text)).moveDown(0.8);
      return;
    case "notice":
      doc.font("bold").fontSize(sizes.body).fillColor(colors.notice).text(pdfSafeText(block.text)).moveDown(0.8);
      return;
    case "heading":
      keepWithNext(doc, sizes.heading * 4);
      doc.moveDown(0.4).font("bold").fontSize(sizes.heading).fillColor(colors.text).text(pdfSafeText(block.text), left).moveDown(0.4);
      return;
    case "paragraph":
      doc.font("regular").fontSize(sizes.body).fillColor(colors.text).text(pdfSafeText(block.text), left).moveDown(0.5);
      return;
    case "bullets":
    case "actions":
    case "chapters": {
      const items =
        block.kind === "bullets"
          ? block.items
          : block.kind === "actions"
            ? block.items.map((item) => {
                const details = actionDetails(item, labels);
                return `${item.text}${details ? ` — ${details}` : ""}`;
              })
            : block.items.map((item) => `${item.clock ? `${item.clock} ` : ""}${item.title}${item.summary ? ` — ${item.summary}` : ""}`);
      doc.font("regular").fontSize(sizes.body).fillColor(colors.text);
      doc.list(items.map(pdfSafeText), left, doc.y, { bulletRadius: 2, textIndent: 14, bulletIndent: 4, paragraphGap: 3 });
      doc.moveDown(0.5);
      return;
    }
    case "utterance": {
      doc.x = left;
      doc.fontSize(sizes.body);
      if (block.clock) doc.font("regular").fillColor(colors.muted).text(`[${block.clock}] `, { continued: true });
      if (block.speaker)
        doc
          .font("bold")
          .fillColor(colors.text)
          .text(`${pdfSafeText(block.speaker)}: `, { continued: true });
      doc.font("regular").fillColor(colors.text).text(pdfSafeText(block.text)).moveDown(0.35);
      return;
    }
  }
}

/** "3 / 12" centred in every page's bottom margin (pages stay buffered until this runs). */
function numberPages(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(sizes.small)
      .fillColor(colors.muted)
      .text(`${index + 1} / ${count}`, doc.page.margins.left, doc.page.height - page.footer, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The note as an A4 PDF (bytes). */
export async function toPdf(note: ExportableNote, request: ExportRequest): Promise<Uint8Array> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: page.margin,
    bufferPages: true,
    lang: note.language ?? undefined,
    info: { Title: displayTitle(note, request.labels), Creator: "Parley", CreationDate: note.createdAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  for (const block of outlineBlocks(note, request)) renderBlock(doc, block, request.labels);
  numberPages(doc);
  doc.end();
  return finished;
}

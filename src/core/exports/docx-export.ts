import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { type OutlineBlock, outlineBlocks } from "./document-outline";
import { displayTitle, type ExportableNote, type ExportLabels, type ExportRequest } from "./schema";

// Word (.docx) through the `docx` package: Word's own Title and Heading 1 styles (so the navigation pane
// and a table of contents see the sections), real bullet lists, one paragraph per transcript segment
// with a grey timestamp and the speaker in bold.

const grey = "666666";

function bullet(children: TextRun[]): Paragraph {
  return new Paragraph({ children, bullet: { level: 0 } });
}

function docxParagraphs(block: OutlineBlock, labels: ExportLabels): Paragraph[] {
  switch (block.kind) {
    case "title":
      return [new Paragraph({ text: block.text, heading: HeadingLevel.TITLE })];
    case "meta":
      return [new Paragraph({ children: [new TextRun({ text: block.text, color: grey })] })];
    case "notice":
      return [new Paragraph({ children: [new TextRun({ text: block.text, italics: true, bold: true })] })];
    case "heading":
      return [new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_1 })];
    case "paragraph":
      return [new Paragraph({ text: block.text })];
    case "bullets":
      return block.items.map((item) => bullet([new TextRun(item)]));
    case "actions":
      return block.items.map((item) =>
        bullet([
          new TextRun(item.text),
          ...(item.owner ? [new TextRun({ text: ` — ${labels.owner}: `, bold: true }), new TextRun(item.owner)] : []),
          ...(item.due ? [new TextRun({ text: `${item.owner ? " · " : " — "}${labels.due}: `, bold: true }), new TextRun(item.due)] : []),
        ]),
      );
    case "chapters":
      return block.items.map((item) =>
        bullet([
          ...(item.clock ? [new TextRun({ text: `${item.clock} `, color: grey })] : []),
          new TextRun({ text: item.title, bold: true }),
          ...(item.summary ? [new TextRun(` — ${item.summary}`)] : []),
        ]),
      );
    case "utterance":
      return [
        new Paragraph({
          children: [
            ...(block.clock ? [new TextRun({ text: `[${block.clock}] `, color: grey })] : []),
            ...(block.speaker ? [new TextRun({ text: `${block.speaker}: `, bold: true })] : []),
            new TextRun(block.text),
          ],
        }),
      ];
  }
}

/** The note as a Word document (bytes of the .docx ZIP). */
export async function toDocx(note: ExportableNote, request: ExportRequest): Promise<Uint8Array> {
  const children: Paragraph[] = [];
  for (const block of outlineBlocks(note, request)) children.push(...docxParagraphs(block, request.labels));
  const document = new Document({
    creator: "Parley",
    title: displayTitle(note, request.labels),
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

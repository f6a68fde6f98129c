import { actionDetails, type OutlineBlock, outlineBlocks } from "./document-outline";
import type { ExportableNote, ExportLabels, ExportRequest } from "./schema";

// TXT and Markdown from the same outline. Blank lines separate blocks and the file ends with one newline;
// a transcript segment is one line (`[00:01:02] Speaker: text`), kept together in TXT, a paragraph in Markdown.

function underline(text: string, mark: "=" | "-"): string {
  return mark.repeat(Math.max(3, [...text].length));
}

/** `- [ ] Send the budget — Owner: Ana · Due: Friday` (a task in Markdown, a checkbox to tick on paper). */
function actionLine(text: string, details: string): string {
  return `- [ ] ${text}${details ? ` — ${details}` : ""}`;
}

function plainBlock(block: OutlineBlock, labels: ExportLabels): string {
  switch (block.kind) {
    case "title":
      return `${block.text}\n${underline(block.text, "=")}`;
    case "meta":
    case "paragraph":
      return block.text;
    case "notice":
      return `[${block.text}]`;
    case "heading":
      return `${block.text}\n${underline(block.text, "-")}`;
    case "bullets":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "actions":
      return block.items.map((item) => actionLine(item.text, actionDetails(item, labels))).join("\n");
    case "chapters":
      return block.items
        .map((item) => `${item.clock ? `[${item.clock}] ` : ""}${item.title}${item.summary ? ` — ${item.summary}` : ""}`)
        .join("\n");
    case "utterance":
      return `${block.clock ? `[${block.clock}] ` : ""}${block.speaker ? `${block.speaker}: ` : ""}${block.text}`;
  }
}

/** Plain UTF-8 text: a setext-underlined title and headings, `-` lists, one transcript line per segment. */
export function toPlainText(note: ExportableNote, request: ExportRequest): string {
  const parts: string[] = [];
  let previous: OutlineBlock["kind"] | null = null;
  for (const block of outlineBlocks(note, request)) {
    // Consecutive transcript lines stay together; every other block is its own paragraph.
    const separator = previous === null ? "" : previous === "utterance" && block.kind === "utterance" ? "\n" : "\n\n";
    parts.push(separator, plainBlock(block, request.labels));
    previous = block.kind;
  }
  return `${parts.join("")}\n`;
}

/** Backslash-escapes what Markdown would read as formatting inside a line (CommonMark 2.4). */
export function escapeMarkdownInline(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, "\\$&");
}

/** Also escapes what would start a heading, list, quote or setext underline at the start of a line. */
export function escapeMarkdownLine(text: string): string {
  return escapeMarkdownInline(text)
    .replace(/^(\d{1,9})([.)])/, "$1\\$2")
    .replace(/^([#+\-=>])/, "\\$1");
}

function markdownBlock(block: OutlineBlock, labels: ExportLabels): string {
  const line = escapeMarkdownLine;
  const inline = escapeMarkdownInline;
  switch (block.kind) {
    case "title":
      return `# ${inline(block.text)}`;
    case "meta":
      return `_${inline(block.text)}_`;
    case "notice":
      return `> ${inline(block.text)}`;
    case "heading":
      return `## ${inline(block.text)}`;
    case "paragraph":
      return line(block.text);
    case "bullets":
      return block.items.map((item) => `- ${inline(item)}`).join("\n");
    case "actions":
      return block.items
        .map((item) => {
          const details = actionDetails(
            { text: item.text, owner: item.owner && inline(item.owner), due: item.due && inline(item.due) },
            labels,
          );
          return actionLine(inline(item.text), details);
        })
        .join("\n");
    case "chapters":
      return block.items
        .map(
          (item) => `- ${item.clock ? `${item.clock} ` : ""}**${inline(item.title)}**${item.summary ? ` — ${inline(item.summary)}` : ""}`,
        )
        .join("\n");
    case "utterance": {
      // `[00:01:02]` is not a link without a definition or a following `(`, so it stays readable unescaped.
      const clock = block.clock ? `[${block.clock}] ` : "";
      const speaker = block.speaker ? `**${inline(block.speaker)}:** ` : "";
      return `${clock}${speaker}${clock || speaker ? inline(block.text) : line(block.text)}`;
    }
  }
}

/** CommonMark: `#` title, `##` sections, `-` lists, action items as `- [ ]` tasks, one paragraph per segment. */
export function toMarkdown(note: ExportableNote, request: ExportRequest): string {
  const parts: string[] = [];
  for (const block of outlineBlocks(note, request)) parts.push(markdownBlock(block, request.labels));
  return `${parts.join("\n\n")}\n`;
}

// Markdown to the text a reader sees: markup goes (#, emphasis, link targets, images, fence markers,
// table rules, front matter, HTML tags), words stay in order. Not a CommonMark parser: a line-by-line
// pass is enough for notes. Emphasis cannot contain its own delimiter (no `**a *b* c**`), which keeps each
// regex from rescanning the line; lines past MAX_INLINE_LINE are left as written, so hostile input stays
// cheap (see the test with a 2 MB file of unclosed markers).

export interface MarkdownText {
  text: string;
  /** The first heading, if any. */
  heading: string | null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*\S/;
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/;
const BLOCKQUOTE = /^ {0,3}>[ \t]?/;
const BULLET = /^([ \t]*)[*+-][ \t]+/;
// A paragraph of prose written on one line is 1-3 k characters; 20 k is data, not writing.
const MAX_INLINE_LINE = 20_000;

/** Inline markup of one line; code spans and backslash escapes are set aside first so they stay literal. */
export function stripInlineMarkdown(line: string): string {
  if (line.length > MAX_INLINE_LINE) return line;
  const kept: string[] = [];
  const keep = (text: string) => `\ue000${kept.push(text) - 1}\ue001`;
  return line
    .replace(/(`+)([^`]+)\1(?!`)/g, (_, _ticks: string, code: string) => keep(code.replace(/^ (.*) $/, "$1")))
    .replace(/\\([!-/:-@[-`{-~])/g, (_, character: string) => keep(character))
    .replace(/\\$/, "") // hard line break
    .replace(/<!--(?:[^-]|-(?!->))*-->/g, "")
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, "") // images, inline and by reference
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // [text](url "title")
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1") // [text][ref], [text][]
    .replace(/<((?:https?|ftp|mailto):[^>\s]+|[^@>\s]+@[^@>\s]+\.[^@>\s]+)>/g, "$1") // autolinks
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, "") // HTML tags
    .replace(/\*\*(?=[^\s*])([^*]*[^\s*])\*\*/g, "$1")
    .replace(/(^|[^\p{L}\p{N}_])__(?=[^\s_])([^_]*[^\s_])__(?![\p{L}\p{N}_])/gu, "$1$2")
    .replace(/\*(?=[^\s*])([^*]*[^\s*])?\*/g, "$1")
    .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*[^\s_])?_(?![\p{L}\p{N}_])/gu, "$1$2") // not inside snake_case
    .replace(/~~(?=[^\s~])([^~]*[^\s~])~~/g, "$1")
    .replace(/\ue000(\d+)\ue001/g, (_, index: string) => kept[Number(index)] ?? "");
}

function tableRow(line: string): string {
  return line
    .trim()
    .replace(/^\||(?<!\\)\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => stripInlineMarkdown(cell.trim()))
    .join(" | ");
}

/** Lines after YAML front matter (`---` on the first line, closed by `---` or `...`). */
function withoutFrontMatter(lines: string[]): string[] {
  if (lines[0]?.trim() !== "---") return lines;
  const end = lines.findIndex((line, index) => index > 0 && (line.trim() === "---" || line.trim() === "..."));
  return end > 0 ? lines.slice(end + 1) : lines;
}

export function markdownToText(source: string): MarkdownText {
  const out: string[] = [];
  let heading: string | null = null;
  let fence: string | null = null; // the opening marker while inside a fenced code block
  let previousSource = "";
  for (const line of withoutFrontMatter(source.split(/\r\n?|\n/))) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      const isClosing = fenceMatch?.[1]?.startsWith(fence) === true && line.trim() === fenceMatch[1];
      if (isClosing) fence = null;
      else out.push(line); // code stays as written
    } else if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
    } else if (SETEXT_UNDERLINE.test(line) && previousSource.trim() !== "" && !BULLET.test(previousSource)) {
      heading ??= out.at(-1)?.trim() || null; // the line above was a heading
    } else if (THEMATIC_BREAK.test(line) || LINK_DEFINITION.test(line) || TABLE_RULE.test(line)) {
      // markup only
    } else {
      const atx = ATX_HEADING.exec(line);
      if (atx) {
        const text = stripInlineMarkdown(atx[1] ?? "").trim();
        heading ??= text || null;
        out.push(text);
      } else {
        let body = line;
        while (BLOCKQUOTE.test(body)) body = body.replace(BLOCKQUOTE, "");
        body = body.replace(BULLET, "$1- ");
        out.push(body.trimStart().startsWith("|") ? tableRow(body) : stripInlineMarkdown(body));
      }
    }
    previousSource = line;
  }
  return { text: out.join("\n"), heading };
}

import { describe, expect, it } from "vitest";
import { cleanText, titleFromText } from "./clean-text";
import { markdownToText, stripInlineMarkdown } from "./markdown-text";
import { layoutPageText, type TextContentItem } from "./pdf-text";
import { decodeText } from "./plain-text";

// The rules that shape text, one by one, on inputs too fiddly to keep as files.

const item = (str: string, y: number, { height = 12, hasEOL = false } = {}): TextContentItem => ({
  str,
  dir: "ltr",
  transform: [height, 0, 0, height, 72, y],
  width: str.length * 6,
  height,
  fontName: "F1",
  hasEOL,
});

describe("PDF page layout", () => {
  it("breaks lines where the baseline moves even without an end-of-line mark", () => {
    expect(layoutPageText([item("first", 700), item("second", 686)])).toBe("first\nsecond");
  });

  it("keeps a superscript on its line", () => {
    expect(layoutPageText([item("E = mc", 700), item("2", 704, { height: 7 }), item(" holds", 700, { hasEOL: true })])).toBe(
      "E = mc2 holds",
    );
  });

  it("starts a paragraph after a gap of more than 1.7 lines, or when the text goes back up", () => {
    const items = [item("one", 700, { hasEOL: true }), item("two", 686, { hasEOL: true }), item("three", 650), item("column", 720)];
    expect(layoutPageText(items)).toBe("one\ntwo\n\nthree\n\ncolumn");
  });

  it("ignores empty items and marked-content markers", () => {
    expect(layoutPageText([{ type: "beginMarkedContentProps", id: "mc0" }, item("", 700, { hasEOL: true }), item("only", 690)])).toBe(
      "only",
    );
  });
});

describe("Markdown inline markup", () => {
  it.each([
    ["**bold** and __strong__ and *em* and _em_", "bold and strong and em and em"],
    ["keep snake_case_name and 2*3*4", "keep snake_case_name and 234"],
    ["`a **literal** [x](y)` stays", "a **literal** [x](y) stays"],
    ["\\*not emphasis\\* and \\[not a link\\]", "*not emphasis* and [not a link]"],
    ['see [the docs](https://x.test/a "Docs") or [ref][r] or <https://x.test>', "see the docs or ref or https://x.test"],
    ["logo ![alt text](logo.png) here", "logo  here"],
    ['a <span class="x">tag</span> and 1 < 2 > 0 <!-- note -->', "a tag and 1 < 2 > 0 "],
    ["~~gone~~ wrong", "gone wrong"],
  ])("%s", (markdown, text) => {
    expect(stripInlineMarkdown(markdown)).toBe(text);
  });
});

describe("Markdown on hostile input", () => {
  // A regex that backtracks on unclosed markers would hang here past the test timeout.
  it("handles 2 MB of unclosed markers in long lines", { timeout: 10_000 }, () => {
    const line = "**a __b *c _d ~~e [f ![g <!-- `h <i ".repeat(500); // 18 k characters of openers
    const source = `${line}\n`.repeat(110);
    const { text } = markdownToText(source);
    expect(text.trimEnd().split("\n")).toHaveLength(110);
  });
});

describe("text cleaning", () => {
  it("normalizes line ends, control characters, trailing spaces and blank runs", () => {
    expect(cleanText("\n\n  indented\r\nline\u0007 \t\r\r\r\rnext\fpage\u0000\n\n")).toBe("  indented\nline\n\nnext\npage");
  });

  it("composes accents (NFC) so text compares and searches as typed", () => {
    expect(cleanText("Reunia\u0303o")).toBe("Reunião");
  });

  it("titles with the first non-blank line, shortened at a word", () => {
    expect(titleFromText("\n   \n  Budget   review \nrest")).toBe("Budget review");
    const long = titleFromText(`${"word ".repeat(60)}end`);
    expect(long?.endsWith("word…")).toBe(true);
    expect(long?.length).toBeLessThanOrEqual(201);
    expect(titleFromText(" \n ")).toBeNull();
  });

  it("decodes by BOM, then UTF-8, then Windows-1252", () => {
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toBe("a");
    expect(decodeText(Buffer.from("€ ok", "utf8"))).toBe("€ ok");
    expect(decodeText(Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94]))).toBe("€ “q”");
  });
});

import mammoth from "mammoth";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { layoutPageText } from "../../src/infra/documents/pdf-text";

// Reading exported files back, strictly: the exporters' unit tests, the export API test and the browser
// journey all check what a user would get by parsing the bytes, never by trusting the writer.

/** Every page's text, laid out in lines by the same code that reads uploaded PDFs. */
export async function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      pages.push(layoutPageText((await page.getTextContent()).items));
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

export async function readPdfInfo(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  try {
    const { info } = await (await task.promise).getMetadata();
    return info as Record<string, unknown>;
  } finally {
    await task.destroy();
  }
}

export async function readDocxText(bytes: Uint8Array): Promise<string> {
  return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
}

export async function readDocxHtml(bytes: Uint8Array): Promise<string> {
  return (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
}

export interface ParsedCue {
  startMs: number;
  endMs: number;
  /** The speaker: SRT's `Name: ` prefix (when `speakers` names it) or VTT's `<v Name>` span. */
  speaker: string | null;
  lines: string[];
}

function clockMs(hours: string, minutes: string, seconds: string, millis: string): number {
  const [m, s] = [Number(minutes), Number(seconds)];
  if (m > 59 || s > 59) throw new Error(`minutes or seconds over 59: ${hours}:${minutes}:${seconds}`);
  return ((Number(hours) * 60 + m) * 60 + s) * 1000 + Number(millis);
}

/** Cue order rules both formats share: numbered from 1 (when numbered), starts never go back, ends after starts. */
function checkOrder(cues: ParsedCue[]) {
  cues.forEach((cue, index) => {
    if (cue.endMs <= cue.startMs) throw new Error(`cue ${index + 1} ends before it starts`);
    const previous = cues[index - 1];
    if (previous && cue.startMs < previous.startMs) throw new Error(`cue ${index + 1} starts before cue ${index}`);
    if (cue.lines.length === 0 || cue.lines.some((line) => line.trim() === "")) throw new Error(`cue ${index + 1} has an empty line`);
  });
}

/** A strict SubRip reader: `n`, `hh:mm:ss,mmm --> hh:mm:ss,mmm`, text lines, a blank line; LF or CRLF. */
export function parseSrt(text: string, speakers: readonly string[] = []): ParsedCue[] {
  const body = text.replace(/\r\n/g, "\n");
  if (body === "") return [];
  if (!body.endsWith("\n")) throw new Error("an SRT file ends with a newline");
  const cues = body
    .replace(/\n+$/, "")
    .split(/\n\n/)
    .map((block, index) => {
      const [number, timing, ...lines] = block.split("\n");
      if (number !== String(index + 1)) throw new Error(`cue ${index + 1} is numbered ${number}`);
      const match = /^(\d{2,}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2,}):(\d{2}):(\d{2}),(\d{3})$/.exec(timing ?? "");
      if (!match) throw new Error(`cue ${index + 1} has a bad timing line: ${timing}`);
      const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match as unknown as string[];
      const first = lines[0] ?? "";
      const speaker = speakers.find((name) => first.startsWith(`${name}: `)) ?? null;
      return {
        startMs: clockMs(h1 as string, m1 as string, s1 as string, ms1 as string),
        endMs: clockMs(h2 as string, m2 as string, s2 as string, ms2 as string),
        speaker,
        lines: speaker ? [first.slice(speaker.length + 2), ...lines.slice(1)] : lines,
      };
    });
  checkOrder(cues);
  return cues;
}

const decodeVtt = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** A strict WebVTT reader for what we write: the header, optional ids, `hh:mm:ss.mmm` timings, `<v Name>` voices. */
export function parseVtt(text: string): ParsedCue[] {
  if (!text.startsWith("WEBVTT\n")) throw new Error("a WebVTT file starts with WEBVTT and a newline");
  const rest = text.slice("WEBVTT\n".length);
  if (rest !== "" && !rest.startsWith("\n")) throw new Error("a blank line follows the WebVTT header");
  const blocks = rest.slice(1).replace(/\n+$/, "").split(/\n\n/).filter(Boolean);
  const cues = blocks.map((block, index) => {
    const lines = block.split("\n");
    if (lines[0] !== undefined && !lines[0].includes("-->")) lines.shift(); // cue identifier
    const [timing, ...textLines] = lines;
    const match = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})$/.exec(timing ?? "");
    if (!match) throw new Error(`cue ${index + 1} has a bad timing line: ${timing}`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match as unknown as string[];
    let speaker: string | null = null;
    const first = textLines[0] ?? "";
    const voice = /^<v ([^>\n]+)>/.exec(first);
    if (voice) {
      speaker = decodeVtt(voice[1] as string);
      textLines[0] = first.slice(voice[0].length);
    }
    for (const line of textLines) {
      // Only our voice span may use markup; a raw < or an & that is not an escape would break players.
      if (/[<>]/.test(line) || /&(?!(amp|lt|gt);)/.test(line)) throw new Error(`cue ${index + 1} has unescaped text: ${line}`);
    }
    return {
      startMs: clockMs(h1 as string, m1 as string, s1 as string, ms1 as string),
      endMs: clockMs(h2 as string, m2 as string, s2 as string, ms2 as string),
      speaker,
      lines: textLines.map(decodeVtt),
    };
  });
  checkOrder(cues);
  return cues;
}

import { z } from "zod";

// YouTube's timedtext formats. json3 (`&fmt=json3`) is what we ask for; the XML formats are read too
// because a track URL may ignore `fmt` (old tracks, a format change): srv1, the classic
// `<transcript><text start="s" dur="s">`, and srv3, `<timedtext format="3"><body><p t="ms" d="ms">`.

export interface CaptionSegment {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  text: string;
}

/** One timed line as the track has it, before merging. */
interface CaptionPiece {
  start: number;
  end: number;
  text: string;
}

const json3Schema = z.object({
  events: z
    .array(
      z.object({
        tStartMs: z.number().optional(),
        dDurationMs: z.number().optional(),
        segs: z.array(z.object({ utf8: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});

/**
 * Caption segments from a timedtext body in any of the three formats, or null when the body is none of
 * them (an empty body is what YouTube sends when a track URL wants a PO token).
 */
export function parseCaptionBody(body: string): CaptionSegment[] | null {
  const text = body.trim();
  if (text === "") return null;
  if (text.startsWith("{")) return parseJson3Captions(text);
  if (/<transcript[\s>]/.test(text)) return parseSrv1Captions(text);
  if (/<timedtext[\s>]/.test(text)) return parseSrv3Captions(text);
  return null;
}

/** json3: `events[].segs[].utf8`, times in `tStartMs` / `dDurationMs`. Null when it is not json3. */
export function parseJson3Captions(body: string): CaptionSegment[] | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = json3Schema.safeParse(json);
  if (!parsed.success) return null;
  const pieces = (parsed.data.events ?? []).flatMap((event) => {
    // Events without segs set up windows and styles; "\n"-only events (aAppend) end a line.
    if (!event.segs || event.tStartMs === undefined) return [];
    const text = cleanText(decodeEntities(event.segs.map((seg) => seg.utf8 ?? "").join("")));
    if (!text) return [];
    return [{ start: event.tStartMs / 1000, end: (event.tStartMs + (event.dDurationMs ?? 0)) / 1000, text }];
  });
  return mergeCaptionPieces(pieces);
}

/** srv1: `<transcript><text start="1.2" dur="2.5">…</text>`, times in seconds. */
export function parseSrv1Captions(body: string): CaptionSegment[] {
  const pieces: CaptionPiece[] = [];
  for (const match of body.matchAll(/<text\b([^>]*?)(?:\/>|>([\s\S]*?)<\/text>)/g)) {
    const attributes = readAttributes(match[1] ?? "");
    const start = Number(attributes.get("start"));
    const duration = Number(attributes.get("dur") ?? 0);
    const text = xmlText(match[2] ?? "");
    if (Number.isFinite(start) && text) pieces.push({ start, end: start + (Number.isFinite(duration) ? duration : 0), text });
  }
  return mergeCaptionPieces(pieces);
}

/** srv3: `<timedtext format="3"><body><p t="1200" d="2500">…</p>`, times in milliseconds; words in `<s>`. */
export function parseSrv3Captions(body: string): CaptionSegment[] {
  const pieces: CaptionPiece[] = [];
  for (const match of body.matchAll(/<p\b([^>]*?)(?:\/>|>([\s\S]*?)<\/p>)/g)) {
    const attributes = readAttributes(match[1] ?? "");
    const start = Number(attributes.get("t"));
    const duration = Number(attributes.get("d") ?? 0);
    // <s> word spans and <br/> line breaks inside a cue: keep their text, drop the markup.
    const text = xmlText((match[2] ?? "").replace(/<br\s*\/?>/gi, " ").replace(/<[^>]+>/g, ""));
    if (Number.isFinite(start) && text)
      pieces.push({ start: start / 1000, end: (start + (Number.isFinite(duration) ? duration : 0)) / 1000, text });
  }
  return mergeCaptionPieces(pieces);
}

function readAttributes(source: string): Map<string, string> {
  return new Map([...source.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map((match) => [match[1] ?? "", match[2] ?? ""]));
}

/**
 * XML text content. YouTube escapes caption text twice in the XML formats (`&amp;#39;` for an
 * apostrophe), so entities are decoded twice; old manual tracks also carry escaped <font> styling.
 */
function xmlText(raw: string): string {
  return cleanText(decodeEntities(decodeEntities(raw)).replace(/<\/?(?:font|b|i|u)\b[^>]*>/gi, ""));
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML/XML character references: the five XML names, &nbsp;, decimal and hex. Unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/** Line breaks inside a cue are layout, not meaning; [Music]-style sound tags stay (they are content). */
function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// Merging: ASR tracks come as 1-3 second line fragments (overlapping: each stays on screen until the next
// line is done), manual tracks as screen lines that often cut a sentence. Segments should read as
// sentences, for the transcript view and for summaries with timestamps. A segment ends at sentence
// punctuation, at a pause (a gap over 1.5 s: a new thought), or once it is long enough to still be a
// useful timestamp target (15 s or 200 characters; ASR text usually has no punctuation at all).
const maxGapSeconds = 1.5;
const maxSegmentSeconds = 15;
const maxSegmentChars = 200;

export function mergeCaptionPieces(input: readonly CaptionPiece[]): CaptionSegment[] {
  const pieces = [...input].sort((a, b) => a.start - b.start);
  // Clip each fragment at the next one's start so the merged segments do not overlap.
  const clipped = pieces.map((piece, index) => {
    const next = pieces[index + 1];
    const end = next && next.start > piece.start ? Math.min(piece.end, next.start) : piece.end;
    return { ...piece, end: Math.max(end, piece.start) };
  });
  const segments: CaptionSegment[] = [];
  let current: CaptionSegment | null = null;
  for (const piece of clipped) {
    const isContinuation =
      current !== null &&
      !/[.!?…]["')\]]?$/.test(current.text) &&
      piece.start - current.end <= maxGapSeconds &&
      piece.end - current.start <= maxSegmentSeconds &&
      current.text.length + 1 + piece.text.length <= maxSegmentChars;
    if (current && isContinuation) {
      current.text = `${current.text} ${piece.text}`;
      current.end = Math.max(current.end, piece.end);
    } else {
      current = { start: round(piece.start), end: piece.end, text: piece.text };
      segments.push(current);
    }
  }
  return segments.map((segment) => ({ ...segment, end: round(segment.end) }));
}

/** Millisecond precision: the formats carry no more, and float noise would leak into stored times. */
function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

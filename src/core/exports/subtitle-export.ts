import type { ExportSegment } from "./schema";
import { subtitleClock, toMilliseconds } from "./time-codes";

// SubRip and WebVTT from transcript segments. A segment longer than one readable cue is split:
// at most 84 characters (two lines of 42, the usual subtitle line length: Netflix and BBC guides)
// and at most 7 seconds (Netflix's longest cue), cut between words. With the engine's word timings the
// cuts carry the words' own times; without them the segment's time is shared out by characters.

export const maxCueChars = 84;
export const maxLineChars = 42;
export const maxCueSeconds = 7;

export interface Cue {
  startMs: number;
  endMs: number;
  speaker: string | null;
  /** The words of the cue on one line; each format wraps it (SRT with the speaker's name in front). */
  text: string;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/** Word timings only when they still spell the segment's text (an edited transcript keeps old words). */
function timedTokens(segment: ExportSegment, text: string): Token[] | null {
  const words = (segment.words ?? []).map((word) => ({ text: squeeze(word.word), start: word.start, end: word.end })).filter((w) => w.text);
  if (words.length === 0) return null;
  const spelled = words.map((word) => word.text).join("");
  return spelled === text.replace(/\s/g, "") ? words : null;
}

/** Words with times shared out by character offset over the segment (no word timings). */
function spreadTokens(text: string, start: number, end: number): Token[] {
  const words = text.split(" ");
  const span = Math.max(0, end - start);
  const perChar = text.length > 0 ? span / text.length : 0;
  let offset = 0;
  return words.map((word) => {
    const token = { text: word, start: start + offset * perChar, end: start + (offset + word.length) * perChar };
    offset += word.length + 1;
    return token;
  });
}

/** Two balanced lines when the text is longer than one line: the break is the space nearest the middle. */
export function wrapCueText(text: string): string[] {
  if (text.length <= maxLineChars) return [text];
  const middle = text.length / 2;
  let best = -1;
  for (let index = text.indexOf(" "); index !== -1; index = text.indexOf(" ", index + 1)) {
    if (best === -1 || Math.abs(index - middle) < Math.abs(best - middle)) best = index;
  }
  return best === -1 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}

/** One segment's cues: as many as its length and time need, filled evenly so no tiny cue trails. */
function segmentCues(segment: ExportSegment): Cue[] {
  const text = squeeze(segment.text);
  if (!text) return [];
  const start = Math.max(0, segment.start);
  // A segment without length (bad input) still shows for half a second.
  const end = segment.end > start ? segment.end : start + 0.5;
  const speaker = segment.speaker ? squeeze(segment.speaker) || null : null;
  const tokens = timedTokens(segment, text) ?? spreadTokens(text, start, end);
  // How many cues what is left needs, and so how long each should be; planned again at every cut so an
  // early cut at a clause end does not leave a stub at the end.
  const plan = (chars: number, seconds: number) => {
    const pieces = Math.max(Math.ceil(chars / maxCueChars), Math.ceil(seconds / maxCueSeconds), 1);
    return { pieces, target: chars / pieces };
  };
  const groups: Token[][] = [];
  let current: Token[] = [];
  let length = 0;
  let cueStart = start;
  let consumed = 0;
  let { pieces, target } = plan(text.length, end - start);
  tokens.forEach((token, index) => {
    // A cue that ends with this token lasts until the next one starts (pieces leave no gaps).
    const reach = Math.max(token.end, tokens[index + 1]?.start ?? end);
    const grown = length + (current.length > 0 ? 1 : 0) + token.text.length;
    // Past 60% of the even share, a clause end (comma, full stop…) is the better place to cut.
    const endsClause = /[.!?;:,]$/.test(current[current.length - 1]?.text ?? "") && length >= target * 0.6;
    const isOver = grown > maxCueChars || reach - cueStart > maxCueSeconds;
    if (current.length > 0 && (isOver || (pieces > 1 && (length >= target || endsClause)))) {
      groups.push(current);
      consumed += length + 1;
      current = [];
      length = 0;
      cueStart = token.start;
      ({ pieces, target } = plan(text.length - consumed, end - cueStart));
    }
    length += (current.length > 0 ? 1 : 0) + token.text.length;
    current.push(token);
  });
  if (current.length > 0) groups.push(current);
  return groups.map((group, index) => {
    const next = groups[index + 1]?.[0];
    const first = group[0] as Token;
    const last = group[group.length - 1] as Token;
    // Pieces of one segment follow each other without a gap; the last one ends with the segment.
    const cueStart = index === 0 ? start : first.start;
    const cueEnd = next ? Math.max(next.start, last.end) : Math.max(end, last.end);
    return {
      startMs: toMilliseconds(cueStart),
      endMs: toMilliseconds(cueEnd),
      speaker,
      text: group.map((token) => token.text).join(" "),
    };
  });
}

/** Every segment's cues in transcript order, starts never going back, ends after starts. */
export function transcriptCues(segments: readonly ExportSegment[]): Cue[] {
  const cues: Cue[] = [];
  let previousStart = 0;
  for (const segment of segments) {
    for (const cue of segmentCues(segment)) {
      const startMs = Math.max(cue.startMs, previousStart);
      cues.push({ ...cue, startMs, endMs: Math.max(cue.endMs, startMs + 1) });
      previousStart = startMs;
    }
  }
  return cues;
}

/** SubRip: numbered cues, `00:01:02,345 --> …`, the speaker as `Name: ` before the text. Empty transcript: empty file. */
export function toSrt(segments: readonly ExportSegment[]): string {
  return transcriptCues(segments)
    .map((cue, index) => {
      const lines = wrapCueText(cue.speaker ? `${cue.speaker}: ${cue.text}` : cue.text);
      return `${index + 1}\n${subtitleClock(cue.startMs, ",")} --> ${subtitleClock(cue.endMs, ",")}\n${lines.join("\n")}\n`;
    })
    .join("\n");
}

/** WebVTT escapes: cue text and voice names may not hold a raw `&`, `<` or `>` (so never `-->` either). */
function escapeVtt(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** WebVTT: the header, numbered cues with `00:01:02.345`, the speaker as a `<v Name>` voice span. */
export function toVtt(segments: readonly ExportSegment[]): string {
  const cues = transcriptCues(segments).map((cue, index) => {
    const lines = wrapCueText(cue.text).map(escapeVtt);
    const text = cue.speaker ? `<v ${escapeVtt(cue.speaker)}>${lines.join("\n")}` : lines.join("\n");
    return `${index + 1}\n${subtitleClock(cue.startMs, ".")} --> ${subtitleClock(cue.endMs, ".")}\n${text}\n`;
  });
  return ["WEBVTT\n", ...cues].join("\n");
}

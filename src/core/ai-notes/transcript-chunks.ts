import { formatClock as formatSharedClock } from "~/shared/notes/clock";

/** A transcript segment as the notes generator reads it. */
export interface NotesSegment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

/** `[mm:ss]` or `[h:mm:ss]`: the time stamps the model sees and copies into chapters. */
export function formatClock(seconds: number): string {
  return formatSharedClock(seconds, { padMinutes: true });
}

/** Reads `mm:ss` / `h:mm:ss` (or plain seconds) back; null when it is neither. */
export function parseClock(text: string): number | null {
  const parts = text
    .trim()
    .replace(/^\[|\]$/g, "")
    .split(":");
  if (parts.length === 0 || parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  return parts.reduce((sum, part) => sum * 60 + Number(part), 0);
}

export function segmentLine(segment: NotesSegment): string {
  return `[${formatClock(segment.start)}] ${segment.speaker ? `${segment.speaker}: ` : ""}${segment.text.trim()}`;
}

export interface TranscriptChunk {
  text: string;
  start: number;
  end: number;
}

/**
 * Cuts the transcript into chunks of at most `maxChars` characters on segment boundaries (one very long
 * segment is cut on its own). Every segment lands in exactly one chunk: nothing is dropped, so a long
 * transcript is never truncated silently.
 */
export function chunkTranscript(segments: readonly NotesSegment[], maxChars: number): TranscriptChunk[] {
  const chunks: TranscriptChunk[] = [];
  let lines: string[] = [];
  let size = 0;
  let start = 0;
  let end = 0;
  const flush = () => {
    if (lines.length > 0) chunks.push({ text: lines.join("\n"), start, end });
    lines = [];
    size = 0;
  };
  for (const segment of segments) {
    const line = segmentLine(segment);
    if (size > 0 && size + line.length + 1 > maxChars) flush();
    if (lines.length === 0) start = segment.start;
    end = segment.end;
    if (line.length > maxChars) {
      for (let from = 0; from < line.length; from += maxChars) {
        lines.push(line.slice(from, from + maxChars));
        flush();
        start = segment.start;
      }
      continue;
    }
    lines.push(line);
    size += line.length + 1;
  }
  flush();
  return chunks;
}

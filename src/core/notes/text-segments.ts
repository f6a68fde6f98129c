import type { SegmentInput } from "./mutations";

/**
 * Pasted text becomes a transcript of paragraphs (blank-line separated; single lines when there are
 * none). Text has no timeline, so every segment sits at 0 s: the player and seeking ignore them.
 */
export function splitTextIntoSegments(text: string): SegmentInput[] {
  const normalised = text.replace(/\r\n?/g, "\n").trim();
  if (!normalised) return [];
  const paragraphs = normalised.split(/\n\s*\n/);
  const parts = paragraphs.length > 1 ? paragraphs : normalised.split("\n");
  return parts
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((part) => ({ start: 0, end: 0, text: part }));
}

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

const maxTitle = 80;
/** A first sentence shorter than this ("Hi." "OK, so.") says too little to name the note. */
const minSentenceTitle = 12;

/**
 * The title of pasted text given none: its first line when it fits, else that line's first sentence,
 * else its first words up to the limit with an ellipsis. Never a word cut in half ("…on track for next T").
 */
export function titleFromText(text: string): string {
  const line =
    text
      .split(/\r?\n|\r/)
      .map((part) => part.replace(/\s+/g, " ").trim())
      .find(Boolean) ?? "";
  if (line.length <= maxTitle) return line;
  const sentence = /^.+?[.!?。！？](?=\s|$)/u.exec(line)?.[0];
  if (sentence && sentence.length >= minSentenceTitle && sentence.length <= maxTitle) return sentence;
  const room = line.slice(0, maxTitle); // the ellipsis takes the place of the space before the cut
  const lastSpace = room.lastIndexOf(" ");
  const words = lastSpace > maxTitle / 2 ? room.slice(0, lastSpace) : room.slice(0, maxTitle - 1);
  return `${words.replace(/[\s,;:–—-]+$/u, "")}…`;
}

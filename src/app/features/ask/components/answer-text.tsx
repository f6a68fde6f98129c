import type { Citation } from "~/shared/ask/ask-api";
import { CitationLink } from "./citation-link";

type Piece = { offset: number; text: string } | { offset: number; citation: Citation; label: string };

/** Splits an answer at its `[n]` markers; markers are numbered in the order first cited (the order of `citations`). */
function pieces(content: string, citations: readonly Citation[]): Piece[] {
  const result: Piece[] = [];
  const seen: number[] = [];
  let last = 0;
  for (const match of content.matchAll(/\[(\d{1,2})\]/g)) {
    const offset = match.index ?? 0;
    if (offset > last) result.push({ offset: last, text: content.slice(last, offset) });
    last = offset + match[0].length;
    const cited = Number(match[1]);
    if (!seen.includes(cited)) seen.push(cited);
    const order = seen.indexOf(cited);
    const citation = citations[order];
    if (citation) result.push({ offset, citation, label: String(order + 1) });
  }
  if (last < content.length) result.push({ offset: last, text: content.slice(last) });
  return result;
}

/** An answer with its `[n]` markers turned into links to the passages they cite. */
export function AnswerText({
  content,
  citations,
  onSeek,
  noteId,
}: {
  content: string;
  citations: Citation[];
  onSeek?: (seconds: number) => void;
  noteId?: string;
}) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {pieces(content, citations).map((piece) =>
        "text" in piece ? (
          <span key={piece.offset}>{piece.text}</span>
        ) : (
          <CitationLink key={piece.offset} citation={piece.citation} label={piece.label} onSeek={onSeek} noteId={noteId} compact />
        ),
      )}
    </p>
  );
}

import { type Passage, searchTerms } from "./retrieval";

// Ask-AI without a language model (decision 017): a short extract that answers, not the retrieved
// passages pasted whole. Retrieval widens every hit with its neighbouring segments, so hits next to each
// other come back as overlapping copies of the same words; here each source appears once, best first, and
// only its sentences that carry the question's words are quoted.

/** Sources in an extractive answer. */
export const maxExtractSources = 3;
/** Characters quoted from one source. */
const maxExtractChars = 280;

/**
 * The passages to quote: best first (by rank, retrieval order on ties), one per note and position, and a hit
 * within one segment of a better one in the same note merged into it (their widened texts overlap).
 */
export function distinctPassages(passages: readonly Passage[], limit = maxExtractSources): Passage[] {
  const ordered = passages
    .map((passage, order) => ({ passage, order }))
    .sort((a, b) => b.passage.rank - a.passage.rank || a.order - b.order);
  const kept: Passage[] = [];
  for (const { passage } of ordered) {
    const overlaps = kept.some((other) => other.noteId === passage.noteId && Math.abs(other.position - passage.position) <= 2);
    if (overlaps) continue;
    kept.push(passage);
    if (kept.length === limit) break;
  }
  return kept;
}

function sentencesOf(text: string): string[] {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  return [...segmenter.segment(text)].map(({ segment }) => segment.trim()).filter((sentence) => /\p{L}/u.test(sentence));
}

const cut = (text: string) => (text.length <= maxExtractChars ? text : `${text.slice(0, maxExtractChars - 1).replace(/\s+\S*$/u, "")}…`);

/**
 * The part of a passage that answers: its sentences with the most of the question's terms (prefix match, as
 * retrieval does), the best one and, room permitting, the next best, in the order spoken. The passage's
 * first sentence when none carries a term.
 */
export function answeringExtract(question: string, text: string): string {
  const terms = searchTerms(question);
  const sentences = sentencesOf(text);
  if (sentences.length === 0) return cut(text.trim());
  const scored = sentences.map((sentence, index) => {
    const words = sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const hits = terms.filter((term) => words.some((word) => word.startsWith(term))).length;
    return { index, hits };
  });
  const ranked = scored.filter((entry) => entry.hits > 0).sort((a, b) => b.hits - a.hits || a.index - b.index);
  if (ranked.length === 0) return cut(sentences[0] ?? "");
  const picked = [ranked[0]?.index ?? 0];
  const second = ranked[1];
  if (second && (sentences[picked[0] ?? 0]?.length ?? 0) + (sentences[second.index]?.length ?? 0) < maxExtractChars)
    picked.push(second.index);
  return cut(
    picked
      .sort((a, b) => a - b)
      .map((index) => sentences[index])
      .join(" "),
  );
}

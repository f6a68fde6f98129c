/**
 * A transcript passage that may answer a question: a hit segment with its neighbours for context. Its
 * times are the hit segment's own, so a citation seeks the player to the words that matched.
 */
export interface Passage {
  noteId: string;
  noteTitle: string;
  /** Position of the segment that matched (the citation seeks the player to its start). */
  position: number;
  start: number;
  end: number;
  text: string;
  rank: number;
}

// Words that carry no meaning for retrieval in en, es and pt (questions are full of them).
const stopWords = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in is it its me my of on or our " +
    "should so that the their them then there these they this to was we were what when where which who why will with would you your " +
    "about any all said say tell give did does done " +
    "el la los las un una unos unas y o de del al en que qué por para con como cómo cuando cuándo donde dónde quien quién es son fue " +
    "se lo le les mi mis su sus nos nuestro este esta estos estas hay ha han sobre " +
    "o os as um uma uns umas e do da dos das no na nos nas em que por para com como quando onde quem é são foi se lhe meu minha seu sua " +
    "nosso nossa este esta isso isto há sobre"
  ).split(" "),
);

/**
 * The question's search terms: lower-case words without stop words, cut to a prefix so "decided" finds
 * "decide" and "decisions" finds "decision" (the 'simple' configuration does not stem, and one
 * configuration must serve en, es and pt alike).
 */
export function searchTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.filter((word) => word.length > 1 && !stopWords.has(word)).map((word) => (word.length > 6 ? word.slice(0, 6) : word));
  return [...new Set(terms)].slice(0, 12);
}

/**
 * Both lists merged by reciprocal rank fusion (each passage scores 1/(60 + rank) in each list it is in):
 * a passage found by words and by meaning comes first; either alone still counts.
 */
export function fusePassages(lists: readonly (readonly Passage[])[], limit = 6): Passage[] {
  const scored = new Map<string, { passage: Passage; score: number }>();
  for (const list of lists) {
    list.forEach((passage, index) => {
      const key = `${passage.noteId}:${passage.position}`;
      const entry = scored.get(key) ?? { passage, score: 0 };
      entry.score += 1 / (60 + index + 1);
      scored.set(key, entry);
    });
  }
  return [...scored.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ passage, score }) => ({ ...passage, rank: score }));
}

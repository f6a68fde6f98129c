/**
 * Word error rate of a hypothesis against a reference, after normalising both: lower case, no
 * punctuation, apostrophes kept inside words, whitespace folded. (substitutions + deletions +
 * insertions) / reference words, by word-level Levenshtein distance.
 */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const expected = normaliseWords(reference);
  const actual = normaliseWords(hypothesis);
  if (expected.length === 0) return actual.length === 0 ? 0 : 1;
  let previous = Array.from({ length: actual.length + 1 }, (_, index) => index);
  for (let i = 1; i <= expected.length; i++) {
    const current = [i];
    for (let j = 1; j <= actual.length; j++) {
      const cost = expected[i - 1] === actual[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return (previous[actual.length] ?? 0) / expected.length;
}

export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFC")
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, " ")
    .replace(/(^|\s)'+|'+(?=\s|$)/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

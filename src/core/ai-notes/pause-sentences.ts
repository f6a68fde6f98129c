// Sentences for engines that write no punctuation (pocketsphinx, some Vosk models): one lowercase block per
// segment, which the extractive notes would otherwise quote whole as one "sentence". Where the segment has
// word timings, people pause between sentences far more than inside them, so the pauses cut it. Used only
// for the notes: the stored transcript keeps the engine's words as written.

export interface TimedWord {
  start: number;
  end: number;
  word: string;
}

export interface PauseSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string | null;
  words?: readonly TimedWord[] | null;
}

/** A pause this long ends a sentence in speech (commas are shorter, ~0.2-0.4 s). */
const sentencePause = 0.6;
/** A run of words longer than this with no such pause is cut at its largest gaps. */
const maxWords = 28;
/** No piece shorter than this comes from a largest-gap cut (a word or two is no sentence). */
const minWords = 4;

const sentencePunctuation = /[.!?¿¡…。？！]/u;

/** True when the text has words but no sentence punctuation at all. */
export function lacksPunctuation(text: string): boolean {
  return /\p{L}/u.test(text) && !sentencePunctuation.test(text);
}

/** Cuts one run at its largest gap (leaving `minWords` on each side), recursively, until every piece fits. */
function splitLongRun(words: readonly TimedWord[]): TimedWord[][] {
  if (words.length <= maxWords) return [[...words]];
  let cutAt = -1;
  let widest = Number.NEGATIVE_INFINITY;
  for (let index = minWords; index <= words.length - minWords; index++) {
    const gap = (words[index]?.start ?? 0) - (words[index - 1]?.end ?? 0);
    // Ties go to the cut nearest the middle, so an evenly spoken run is halved rather than nibbled.
    const centred = gap - Math.abs(index - words.length / 2) * 1e-6;
    if (centred > widest) {
      widest = centred;
      cutAt = index;
    }
  }
  if (cutAt < 0) return [[...words]];
  return [...splitLongRun(words.slice(0, cutAt)), ...splitLongRun(words.slice(cutAt))];
}

/** The words cut into sentences: at every pause of `sentencePause` or more, then long runs at their largest gaps. */
export function pauseSentences(words: readonly TimedWord[]): TimedWord[][] {
  const runs: TimedWord[][] = [];
  let current: TimedWord[] = [];
  for (const word of words) {
    if (!/\S/.test(word.word)) continue;
    const previous = current[current.length - 1];
    if (previous && word.start - previous.end >= sentencePause) {
      runs.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) runs.push(current);
  return runs.flatMap(splitLongRun);
}

/** A sentence as written: first letter capitalised, English "i" as "I", a full stop at the end. */
export function writeSentence(words: readonly TimedWord[], language: string): string {
  let text = words
    .map((word) => word.word.trim())
    .filter(Boolean)
    .join(" ");
  if (language.slice(0, 2).toLowerCase() === "en") text = text.replace(/(?<![\p{L}\p{N}'])i(?![\p{L}\p{N}])/gu, "I");
  text = text.charAt(0).toLocaleUpperCase() + text.slice(1);
  return /[,;:]$/.test(text) ? `${text.slice(0, -1)}.` : `${text}.`;
}

/**
 * The segments with every unpunctuated one that has word timings split into one segment per sentence (each
 * with its own times and the same speaker); all others as they are.
 */
export function splitAtPauses<T extends PauseSegment>(segments: readonly T[], language: string): T[] {
  return segments.flatMap((segment) => {
    const words = segment.words ?? [];
    if (words.length === 0 || !lacksPunctuation(segment.text)) return [segment];
    return pauseSentences(words).map((sentence) => ({
      ...segment,
      start: sentence[0]?.start ?? segment.start,
      end: sentence[sentence.length - 1]?.end ?? segment.end,
      text: writeSentence(sentence, language),
      words: sentence,
    }));
  });
}

import type { ActionItem, AiNotesContent, Chapter, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import { resolveDue } from "./due-dates";
import { cueLanguages, findActionItem, isDecision, isQuestion } from "./extractive-cues";
import { pickDiverse, rankSentences, splitSentences, type TranscriptSentence, topKeywords } from "./extractive-text";
import { addressedSpeaker, capLength } from "./extractive-trim";
import { splitAtPauses, type TimedWord } from "./pause-sentences";

// Notes without a language model (decision 016): the offline floor, shown to the user as "extracted
// highlights". Every string is quoted from the transcript (sentences, noun phrases, cue phrases), so it
// cannot invent anything; it is deterministic and fast (an hour, ~9,000 words, in well under a second).
// Summary and key points: TextRank + MMR. Decisions and action items: cue phrases (en, es, pt) with the
// owner (the speaker, or the name addressed) and the due date, an ISO date when the meeting's date is known
// (due-dates.ts). Chapters: 3-8 parts cut where the words change and the speakers pause, titled by their
// most distinctive keywords. An engine that writes no punctuation has its segments cut into sentences at
// the pauses between words (pause-sentences.ts); no list item is longer than a short sentence.

export interface ExtractNotesSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string | null;
  /** Word timings, when the engine gave them: an unpunctuated segment is cut into sentences at its pauses. */
  words?: readonly TimedWord[] | null;
}

export interface ExtractNotesInput {
  segments: readonly ExtractNotesSegment[];
  /** The transcript's language (`en`, `es`, `pt-BR`...); others get the language-neutral parts and all cue sets. */
  language: string;
  template: NotesTemplate;
  /** When the meeting took place (the note's creation): said due dates ("by Thursday") become ISO dates. */
  meetingDate?: Date | null;
}

/** Lectures and videos have no meeting decisions or tasks; a speaker's "I'll show you" is not one. */
const templatesWithoutTasks: ReadonlySet<NotesTemplate> = new Set(["lecture", "youtube_video"]);
const templatesWithoutDecisions: ReadonlySet<NotesTemplate> = new Set(["lecture", "youtube_video", "interview"]);

const maxDecisions = 20;
const maxActionItems = 30;
const maxQuote = 600;
/** A list item or a chapter's summary is one sentence at most, and a short one ("the whole transcript as one task" never). */
const maxItem = 120;
const maxChapterSummary = 240;
const maxChapterTitle = 60;

const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length;

/** Spoken openers dropped from the start of a quote ("So, um, we shipped it" -> "We shipped it"). */
const openers = /^(?:(?:so|okay|ok|um+|uh+|well|yeah|right|and|but|oh|bueno|pues|entonces|vale|eh|este|então|tá|bom|né|ah|é)[,.]?\s+)+/iu;

function quote(text: string): string {
  const trimmed = text.trim().replace(openers, "");
  const capped = trimmed.length > maxQuote ? `${trimmed.slice(0, maxQuote).replace(/\s+\S*$/, "")}…` : trimmed;
  return capped.charAt(0).toLocaleUpperCase() + capped.slice(1);
}

/** The same words said again ("We agreed to X." and "we agreed to x") list once. */
const sameWords = (a: string, b: string) => {
  const words = (text: string) =>
    text
      .toLocaleLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return words(a) === words(b);
};

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Curly apostrophes (most ASR output) read as straight ones by the cue phrases; same length, same offsets. */
const forCues = (text: string) => text.replace(/[\u2018\u2019]/g, "'");

export function extractNotes({ segments: input, language, template, meetingDate }: ExtractNotesInput): AiNotesContent {
  const segments = splitAtPauses(
    input.filter((segment) => /\p{L}/u.test(segment.text)),
    language,
  );
  const speakers = [...new Set(segments.map((segment) => segment.speaker).filter((speaker): speaker is string => Boolean(speaker)))];
  const sentences = splitSentences(segments, language);
  if (sentences.length === 0) return { title: "", summary: "", keyPoints: [], decisions: [], actionItems: [], chapters: [] };
  const scores = rankSentences(sentences);
  const languages = cueLanguages(language);

  const decisionAt = new Set<number>();
  const decisions: string[] = [];
  if (!templatesWithoutDecisions.has(template)) {
    sentences.forEach((sentence, index) => {
      if (decisions.length < maxDecisions && wordCount(sentence.text) >= 3 && isDecision(forCues(sentence.text), languages)) {
        decisionAt.add(index);
        decisions.push(capLength(quote(sentence.text), maxItem));
      }
    });
  }

  const actionAt = new Set<number>();
  const actionItems: ActionItem[] = [];
  if (!templatesWithoutTasks.has(template)) {
    sentences.forEach((sentence, index) => {
      if (actionItems.length >= maxActionItems || wordCount(sentence.text) < 3) return;
      const found = findActionItem(forCues(sentence.text), sentence.speaker, languages);
      if (!found) return;
      actionAt.add(index);
      const owner = found.owner ?? addressedSpeaker(sentence.text, speakers);
      const due = found.due && meetingDate ? (resolveDue(found.due, meetingDate) ?? found.due) : found.due;
      actionItems.push({ text: capLength(quote(sentence.text), maxItem), owner, due });
    });
  }

  // Summary and key points come from statements long enough to say something, not from the questions,
  // decisions and tasks listed on their own.
  const statements = (minWords: number) =>
    sentences
      .map((sentence, index) => ({ sentence, index }))
      .filter(({ sentence, index }) => {
        const words = wordCount(sentence.text);
        return words >= minWords && words <= 80 && !isQuestion(sentence.text) && !decisionAt.has(index) && !actionAt.has(index);
      })
      .map(({ index }) => index);
  let candidates = statements(6);
  if (candidates.length < 3) candidates = statements(3);
  const summaryCount = sentences.length < 12 ? 1 : sentences.length < 60 ? 2 : 3;
  const summaryPicks = pickDiverse(sentences, scores, candidates, summaryCount).sort((a, b) => a - b);
  const keyPointCount = Math.min(10, Math.max(3, Math.round(Math.sqrt(sentences.length) / 1.5)));
  const keyPointPicks = pickDiverse(
    sentences,
    scores,
    candidates.filter((index) => !summaryPicks.includes(index)),
    keyPointCount,
  ).sort((a, b) => a - b);

  const keywords = topKeywords(sentences, 3);
  const firstWords = (text: string) => capLength(quote(text).split(/\s+/).slice(0, 8).join(" "), maxChapterTitle);
  return {
    title: (keywords.length > 0 ? capitalise(keywords.join(", ")) : firstWords(sentences[0]?.text ?? "")).slice(0, 200),
    summary: summaryPicks.map((index) => quote(sentences[index]?.text ?? "")).join(" "),
    keyPoints: keyPointPicks.map((index) => quote(sentences[index]?.text ?? "")),
    decisions: decisions.filter((text, index) => decisions.findIndex((other) => sameWords(other, text)) === index),
    actionItems: actionItems.filter((item, index) => actionItems.findIndex((other) => sameWords(other.text, item.text)) === index),
    chapters: chaptersOf(segments, sentences, scores),
  };
}

/** How many parts: one for a short recording, else about one per 7 minutes, 3 to 8. */
function chapterCount(segments: readonly ExtractNotesSegment[]): number {
  const duration = (segments[segments.length - 1]?.end ?? 0) - (segments[0]?.start ?? 0);
  if (segments.length < 6 || duration < 180) return 1;
  return Math.min(Math.floor(segments.length / 2), Math.min(8, Math.max(3, Math.round(duration / 420))));
}

function chaptersOf(
  segments: readonly ExtractNotesSegment[],
  sentences: readonly TranscriptSentence[],
  scores: readonly number[],
): Chapter[] {
  const count = chapterCount(segments);
  const starts = count === 1 ? [0] : [0, ...cutPoints(segments, sentences, count - 1)];
  const parts = starts.map((from, at) => {
    const to = starts[at + 1] ?? segments.length;
    return sentences
      .map((sentence, index) => ({ sentence, index }))
      .filter(({ sentence }) => sentence.segmentIndex >= from && sentence.segmentIndex < to);
  });
  // A keyword in every part names none of them: weigh each by how few parts it appears in.
  const partsWith = new Map<string, number>();
  for (const part of parts)
    for (const key of new Set(part.flatMap(({ sentence }) => sentence.keywords.map((keyword) => keyword.key))))
      partsWith.set(key, (partsWith.get(key) ?? 0) + 1);
  const idf = (key: string) => Math.log(1 + parts.length / (partsWith.get(key) ?? 1));

  return parts
    .map((part, at) => {
      const statements = part.filter(({ sentence }) => !isQuestion(sentence.text) && wordCount(sentence.text) >= 4);
      const pool = statements.length > 0 ? statements : part;
      const best = pool.reduce<(typeof pool)[number] | null>(
        (top, entry) => (top === null || (scores[entry.index] ?? 0) > (scores[top.index] ?? 0) ? entry : top),
        null,
      );
      const keywords = topKeywords(
        part.map(({ sentence }) => sentence),
        2,
        parts.length > 1 ? idf : undefined,
      );
      const summary = best ? capLength(quote(best.sentence.text), maxChapterSummary) : "";
      const title = keywords.length > 0 ? capitalise(keywords.join(", ")) : summary.split(/\s+/).slice(0, 8).join(" ");
      return { title: capLength(title, maxChapterTitle), start: segments[starts[at] ?? 0]?.start ?? 0, summary };
    })
    .filter((chapter) => chapter.title.length > 0);
}

/**
 * Segment indexes where a new part starts: the gaps where the words before and after differ most (cosine
 * distance of the terms in a window on each side), helped by a pause; spaced at least half a part apart.
 */
function cutPoints(segments: readonly ExtractNotesSegment[], sentences: readonly TranscriptSentence[], cuts: number): number[] {
  const termsOf: string[][] = segments.map(() => []);
  for (const sentence of sentences) termsOf[sentence.segmentIndex]?.push(...sentence.terms);
  const window = Math.max(3, Math.round(segments.length / ((cuts + 1) * 3)));
  const bag = (from: number, to: number) => {
    const counts = new Map<string, number>();
    for (let index = Math.max(0, from); index < Math.min(segments.length, to); index++) {
      for (const term of termsOf[index] ?? []) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    return counts;
  };
  const cosine = (a: Map<string, number>, b: Map<string, number>) => {
    let dot = 0;
    for (const [term, value] of a) dot += value * (b.get(term) ?? 0);
    const norm = (bag: Map<string, number>) => Math.sqrt([...bag.values()].reduce((sum, value) => sum + value * value, 0));
    const denominator = norm(a) * norm(b);
    return denominator === 0 ? 0 : dot / denominator;
  };
  const gaps: Array<{ next: number; score: number }> = [];
  for (let next = 1; next < segments.length; next++) {
    const pause = Math.max(0, (segments[next]?.start ?? 0) - (segments[next - 1]?.end ?? 0));
    const shift = 1 - cosine(bag(next - window, next), bag(next, next + window));
    gaps.push({ next, score: shift + (0.5 * Math.min(pause, 5)) / 5 });
  }
  gaps.sort((a, b) => b.score - a.score || a.next - b.next);
  const first = segments[0]?.start ?? 0;
  const last = segments[segments.length - 1]?.end ?? first;
  let spacing = (last - first) / ((cuts + 1) * 2);
  const chosen: number[] = [];
  // Relax the spacing until enough cuts fit (a transcript with uneven segment lengths may need it).
  while (chosen.length < cuts && spacing > 0.01) {
    for (const gap of gaps) {
      if (chosen.length === cuts) break;
      const at = segments[gap.next]?.start ?? 0;
      const isFar =
        at - first >= spacing && last - at >= spacing && chosen.every((other) => Math.abs((segments[other]?.start ?? 0) - at) >= spacing);
      if (isFar && !chosen.includes(gap.next)) chosen.push(gap.next);
    }
    spacing /= 2;
  }
  return chosen.sort((a, b) => a - b);
}

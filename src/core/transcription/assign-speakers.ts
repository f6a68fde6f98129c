import type { SpeakerTurn as DiarizedTurn } from "~/infra/diarization/speaker-diarizer";
import type { SpeakerTurn as NamedTurn } from "~/shared/meetings/bot-callbacks";
import { labelSegmentsWithSpeakers } from "../meetings/label-speakers";
import type { SegmentInput } from "../notes/mutations";

// Speaker labels for an upload or a browser recording (issue 19): the diarizer says who spoke when with
// anonymous numbers; the transcript gets "Speaker 1", "Speaker 2"... in the order people first speak,
// which the owner renames once for the whole note. The segments are labelled the way a meeting bot's
// named turns label them (label-speakers.ts): word by word where word times exist, splitting a segment
// where the speaker changes, else by the turn that overlaps the segment most.

/** Turns shorter than this (seconds) are a cough, a "mm" or a clustering slip: they join a neighbour. */
export const minTurnSeconds = 0.5;

/** The word before the number, in the language spoken on the recording (English for any other). */
const speakerWords: Readonly<Record<string, string>> = { en: "Speaker", es: "Hablante", pt: "Falante" };

/** How a label reads ("Speaker 2", "Hablante 2"); the number counts from 1 in order of first appearance. */
export const speakerLabel = (number: number, language?: string | null) =>
  `${speakerWords[language?.slice(0, 2) ?? "en"] ?? speakerWords.en} ${number}`;

function duration(turn: DiarizedTurn): number {
  return turn.end - turn.start;
}

function joinSameSpeaker(turns: readonly DiarizedTurn[]): DiarizedTurn[] {
  const joined: DiarizedTurn[] = [];
  for (const turn of turns) {
    const previous = joined.at(-1);
    if (previous && previous.speaker === turn.speaker) previous.end = Math.max(previous.end, turn.end);
    else joined.push({ ...turn });
  }
  return joined;
}

/**
 * Sorts the turns and joins neighbours of one speaker; then, shortest first, each turn shorter than
 * `minSeconds` takes the speaker of its longer neighbour (the earlier one on a tie) and is joined to it.
 * Shortest first, so a run of blips ends in the real turns around it, not in each other.
 */
export function smoothTurns(turns: readonly DiarizedTurn[], minSeconds = minTurnSeconds): DiarizedTurn[] {
  let current = joinSameSpeaker(turns.filter((turn) => turn.end > turn.start).sort((a, b) => a.start - b.start || a.end - b.end));
  while (current.length > 1) {
    let shortest = -1;
    for (let index = 0; index < current.length; index++) {
      const length = duration(current[index] as DiarizedTurn);
      if (length < minSeconds && (shortest < 0 || length < duration(current[shortest] as DiarizedTurn))) shortest = index;
    }
    if (shortest < 0) break;
    const before = current[shortest - 1];
    const after = current[shortest + 1];
    const neighbour = before && after ? (duration(after) > duration(before) ? after : before) : (before ?? after);
    if (!neighbour) break;
    current = joinSameSpeaker(current.map((turn, index) => (index === shortest ? { ...turn, speaker: neighbour.speaker } : turn)));
  }
  return current;
}

/** The turns with names "Speaker 1", "Speaker 2"... by first appearance, in the meeting bot's turn shape. */
export function nameTurns(turns: readonly DiarizedTurn[]): NamedTurn[] {
  const numbers = new Map<number, number>();
  return turns.map((turn) => {
    let number = numbers.get(turn.speaker);
    if (number === undefined) {
      number = numbers.size + 1;
      numbers.set(turn.speaker, number);
    }
    return { name: speakerLabel(number), startMs: Math.round(turn.start * 1000), endMs: Math.round(turn.end * 1000) };
  });
}

/**
 * The transcript with a speaker on every segment the diarizer covers. Without turns the segments are
 * returned as they were (the diarizer found nobody, or failed).
 */
export function assignSpeakers(
  segments: readonly SegmentInput[],
  turns: readonly DiarizedTurn[],
  { language }: { language?: string | null } = {},
): SegmentInput[] {
  const named = nameTurns(smoothTurns(turns));
  if (named.length === 0) return [...segments];
  const labelled = labelSegmentsWithSpeakers(segments, named);
  // Splitting at word boundaries can leave the order of first appearance different from the turns' (a
  // turn with no words): number again by what the transcript shows, so it starts at Speaker 1.
  const renumber = new Map<string, string>();
  for (const segment of labelled) {
    if (segment.speaker && !renumber.has(segment.speaker)) renumber.set(segment.speaker, speakerLabel(renumber.size + 1, language));
  }
  return labelled.map((segment) => ({ ...segment, speaker: segment.speaker ? (renumber.get(segment.speaker) ?? null) : null }));
}

import type { TranscriptWord } from "~/infra/db/notes-schema";
import type { SpeakerTurn } from "~/shared/meetings/bot-callbacks";
import type { SegmentInput } from "../notes/mutations";

// Names on a meeting transcript (issue 6): the bot records who the platform showed speaking, and when;
// each transcribed word takes the name of the turn it falls in, and a segment that spans two people is
// split where the name changes. Without word times a segment takes the name it overlaps most.

/** A word this far (seconds) outside every turn still takes the nearest one: indicators lag speech a little. */
const nearestWithinSeconds = 1.5;

function speakerAt(turns: readonly SpeakerTurn[], seconds: number): string | null {
  const ms = seconds * 1000;
  let nearest: { name: string; distance: number } | null = null;
  for (const turn of turns) {
    if (ms >= turn.startMs && ms <= turn.endMs) return turn.name;
    const distance = ms < turn.startMs ? turn.startMs - ms : ms - turn.endMs;
    if (!nearest || distance < nearest.distance) nearest = { name: turn.name, distance };
  }
  return nearest && nearest.distance <= nearestWithinSeconds * 1000 ? nearest.name : null;
}

function mostOverlapping(turns: readonly SpeakerTurn[], start: number, end: number): string | null {
  const totals = new Map<string, number>();
  for (const turn of turns) {
    const overlap = Math.min(end * 1000, turn.endMs) - Math.max(start * 1000, turn.startMs);
    if (overlap > 0) totals.set(turn.name, (totals.get(turn.name) ?? 0) + overlap);
  }
  let best: string | null = null;
  for (const [name, total] of totals) if (best === null || total > (totals.get(best) ?? 0)) best = name;
  return best ?? speakerAt(turns, (start + end) / 2);
}

function joinWords(words: readonly { word: string }[]): string {
  // Whisper's words carry their own leading space; other engines give bare words.
  const isSpaced = words.some((word) => /^\s/.test(word.word));
  return (isSpaced ? words.map((word) => word.word).join("") : words.map((word) => word.word).join(" ")).trim();
}

export function labelSegmentsWithSpeakers(segments: readonly SegmentInput[], turns: readonly SpeakerTurn[]): SegmentInput[] {
  if (turns.length === 0) return [...segments];
  const labelled: SegmentInput[] = [];
  for (const segment of segments) {
    const words = segment.words ?? [];
    if (words.length === 0) {
      labelled.push({ ...segment, speaker: mostOverlapping(turns, segment.start, segment.end) ?? segment.speaker ?? null });
      continue;
    }
    const runs: { speaker: string | null; words: TranscriptWord[] }[] = [];
    for (const word of words) {
      const previous = runs.at(-1);
      // A word with no turn of its own (a pause, a lagging indicator) stays with the person before it.
      const speaker =
        speakerAt(turns, (word.start + word.end) / 2) ?? previous?.speaker ?? mostOverlapping(turns, segment.start, segment.end);
      if (previous && previous.speaker === speaker) previous.words.push(word);
      else runs.push({ speaker, words: [word] });
    }
    const [only] = runs;
    if (runs.length === 1 && only) {
      labelled.push({ ...segment, speaker: only.speaker ?? segment.speaker ?? null });
      continue;
    }
    for (const run of runs) {
      const first = run.words[0];
      const last = run.words.at(-1);
      if (!first || !last) continue;
      labelled.push({ start: first.start, end: last.end, text: joinWords(run.words), speaker: run.speaker, words: run.words });
    }
  }
  return labelled;
}

import type { AiNotesContent } from "../../src/shared/ai-notes/ai-notes-api";
import type { MeetingScript } from "./meeting-script";
import type { TrueTurn } from "./render-speech";

// How the engines' output is held against the answer key. Matching is by the key's keywords in the
// found text (accents and case folded), so a decision counts when its substance is there in any wording.

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Every keyword (each `a|b` as either) appears in the text as a whole word or phrase. */
export function hasKeywords(text: string, keywords: readonly string[]): boolean {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  return keywords.every((keyword) => keyword.split("|").some((option) => folded.includes(` ${fold(option)} `)));
}

// --- Speaker turns -------------------------------------------------------------------------------

export interface HypothesisTurn {
  start: number;
  end: number;
  speaker: string;
}

const frameSeconds = 0.01;
/** No scoring this close to a true turn's edge (the usual DER collar): espeak's own edge silence. */
const collarSeconds = 0.25;

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

export interface SpeakerScore {
  /** Diarization error rate: (missed + false alarm + confusion) / scored speech, with the best speaker mapping. */
  der: number;
  /** Lines whose majority hypothesis speaker maps to the true one. */
  turnAccuracy: number;
  /** Hypothesis label to true speaker, the mapping that scored best. */
  mapping: Map<string, string>;
}

export function scoreSpeakers(truth: readonly TrueTurn[], hypothesis: readonly HypothesisTurn[], seconds: number): SpeakerScore {
  const frames = Math.ceil(seconds / frameSeconds);
  const reference: (string | null)[] = new Array(frames).fill(null);
  const scored: boolean[] = new Array(frames).fill(true);
  for (const turn of truth) {
    for (let frame = Math.floor(turn.start / frameSeconds); frame < Math.min(frames, Math.ceil(turn.end / frameSeconds)); frame++)
      reference[frame] = turn.speaker;
    for (const edge of [turn.start, turn.end])
      for (
        let frame = Math.max(0, Math.floor((edge - collarSeconds) / frameSeconds));
        frame < Math.min(frames, Math.ceil((edge + collarSeconds) / frameSeconds));
        frame++
      )
        scored[frame] = false;
  }
  const said: (string | null)[] = new Array(frames).fill(null);
  for (const turn of hypothesis)
    for (
      let frame = Math.max(0, Math.floor(turn.start / frameSeconds));
      frame < Math.min(frames, Math.ceil(turn.end / frameSeconds));
      frame++
    )
      said[frame] = turn.speaker;
  const trueSpeakers = [...new Set(truth.map((turn) => turn.speaker))];
  const labels = [...new Set(hypothesis.map((turn) => turn.speaker))];
  // Pad so that every label gets a speaker or "none" (more labels than speakers: the extras are confusion).
  const targets = [...trueSpeakers, ...labels.map(() => "")].slice(0, Math.max(trueSpeakers.length, labels.length));
  let best = { errors: Number.POSITIVE_INFINITY, mapping: new Map<string, string>() };
  const candidates = labels.length <= 7 ? permutations(targets).map((order) => order.slice(0, labels.length)) : [targets];
  for (const order of candidates) {
    const mapping = new Map(labels.map((label, index) => [label, order[index] ?? ""]));
    let errors = 0;
    for (let frame = 0; frame < frames; frame++) {
      if (!scored[frame]) continue;
      const truthAt = reference[frame] ?? null;
      const saidAt = said[frame] ?? null;
      if (truthAt === null && saidAt === null) continue;
      if (truthAt === null || saidAt === null || mapping.get(saidAt) !== truthAt) errors++;
    }
    if (errors < best.errors) best = { errors, mapping };
  }
  const speech = reference.filter((speaker, frame) => speaker !== null && scored[frame]).length;
  const correctLines = truth.filter((turn) => {
    const counts = new Map<string, number>();
    for (const h of hypothesis) {
      const overlap = Math.min(turn.end, h.end) - Math.max(turn.start, h.start);
      if (overlap > 0) counts.set(h.speaker, (counts.get(h.speaker) ?? 0) + overlap);
    }
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    return top !== undefined && best.mapping.get(top[0]) === turn.speaker;
  }).length;
  return { der: speech > 0 ? best.errors / speech : 0, turnAccuracy: correctLines / truth.length, mapping: best.mapping };
}

// --- Notes ---------------------------------------------------------------------------------------

export interface NotesScore {
  decisions: number;
  decisionsTotal: number;
  actionsFound: number;
  ownerRight: number;
  dueRight: number;
  actionsTotal: number;
}

/** `owner` names the key's person: by name, or by a "Speaker N" label the speaker mapping gives to them. */
function ownerMatches(owner: string | null, expected: string, speakerMapping: ReadonlyMap<string, string>): boolean {
  if (!owner) return false;
  if (fold(owner).includes(fold(expected))) return true;
  return speakerMapping.get(owner) === expected;
}

export function scoreNotes(notes: AiNotesContent, script: MeetingScript, speakerMapping: ReadonlyMap<string, string>): NotesScore {
  const decisions = script.decisions.filter((key) => notes.decisions.some((found) => hasKeywords(found, key.keywords))).length;
  let actionsFound = 0;
  let ownerRight = 0;
  let dueRight = 0;
  for (const key of script.actionItems) {
    const found = notes.actionItems.find((item) => hasKeywords(item.text, key.keywords));
    if (!found) continue;
    actionsFound++;
    if (ownerMatches(found.owner, key.owner, speakerMapping)) ownerRight++;
    if (found.due?.slice(0, 10) === key.due) dueRight++;
  }
  return {
    decisions,
    decisionsTotal: script.decisions.length,
    actionsFound,
    ownerRight,
    dueRight,
    actionsTotal: script.actionItems.length,
  };
}

/**
 * The first cited passage holds a line that answers: the passage is the hit segment with its neighbours (as
 * the product's retrieval widens it), so its span runs from the segment before the hit to the one after;
 * it counts when that span overlaps an answering line's true time (ASR keeps the times, not the words).
 */
export function citesAnswer(
  citation: { position: number | null } | undefined,
  segments: readonly { start: number; end: number }[],
  lines: readonly number[],
  truth: readonly TrueTurn[],
): boolean {
  if (citation?.position == null) return false;
  const first = segments[Math.max(0, citation.position - 1)];
  const last = segments[Math.min(segments.length - 1, citation.position + 1)];
  if (!first || !last) return false;
  return lines.some((line) => {
    const turn = truth[line];
    // More than half a second in common: a passage that only touches the line's edge does not hold it.
    return turn !== undefined && Math.min(last.end, turn.end) - Math.max(first.start, turn.start) > 0.5;
  });
}

import type { SpeakerTurn } from "../shared/meetings/bot-callbacks";

// Who spoke when (issue 6): the platform's speaking indicators, read at every probe, become turns in ms
// from the start of the recording, so the transcript can carry names. Pure: the runner feeds samples and
// asks for the timeline (every ~30 s and at the end).

/** Indicators flicker between words: a pause shorter than this is the same turn. */
export const turnMergeGapMs = 500;
/** A lit indicator shorter than this is noise (a cough, a click), not a turn. */
export const turnMinimumMs = 200;

export interface SpeakingSample {
  id: string;
  name: string;
  isSpeaking: boolean;
}

interface RawTurn {
  id: string;
  name: string;
  startMs: number;
  endMs: number;
}

export interface SpeakerTurnsState {
  /** Turns still lit at the last sample, by participant id. */
  open: ReadonlyMap<string, { name: string; startMs: number }>;
  closed: readonly RawTurn[];
  /** Every name seen, in the order first seen. */
  participants: readonly string[];
  lastMs: number;
}

export const initialSpeakerTurns: SpeakerTurnsState = { open: new Map(), closed: [], participants: [], lastMs: 0 };

/** One probe: `timeMs` since the recording started, everyone the page shows with their indicator. */
export function addSpeakingSample(state: SpeakerTurnsState, timeMs: number, people: readonly SpeakingSample[]): SpeakerTurnsState {
  const at = Math.max(Math.round(timeMs), state.lastMs);
  const open = new Map(state.open);
  const closed = [...state.closed];
  const participants = [...state.participants];
  // The callback schema takes names of 1-200 characters; a nameless tile is nobody to credit.
  const named = people.map((person) => ({ ...person, name: person.name.trim().slice(0, 200) })).filter((person) => person.name !== "");
  for (const person of named) if (!participants.includes(person.name)) participants.push(person.name);
  const speaking = new Map(named.filter((person) => person.isSpeaking).map((person) => [person.id, person.name]));
  for (const [id, turn] of open) {
    // Not lit any more, or gone from the page: the turn ended between the last sample and this one.
    if (!speaking.has(id)) {
      closed.push({ id, name: turn.name, startMs: turn.startMs, endMs: at });
      open.delete(id);
    }
  }
  for (const [id, name] of speaking) if (!open.has(id)) open.set(id, { name, startMs: at });
  return { open, closed, participants, lastMs: at };
}

/** The timeline so far; open turns are closed at `endMs` (the end of the recording, or now). */
export function speakerTimeline(state: SpeakerTurnsState, endMs: number = state.lastMs): { turns: SpeakerTurn[]; participants: string[] } {
  const end = Math.max(endMs, state.lastMs);
  const raw = [...state.closed, ...[...state.open].map(([id, turn]) => ({ id, name: turn.name, startMs: turn.startMs, endMs: end }))];
  const byPerson = new Map<string, RawTurn[]>();
  for (const turn of raw) byPerson.set(turn.id, [...(byPerson.get(turn.id) ?? []), turn]);
  const turns: SpeakerTurn[] = [];
  for (const list of byPerson.values()) {
    list.sort((a, b) => a.startMs - b.startMs);
    // Merge first, then drop: two short flickers 100 ms apart make one real turn.
    const merged: RawTurn[] = [];
    for (const turn of list) {
      const last = merged.at(-1);
      if (last && turn.startMs - last.endMs < turnMergeGapMs) last.endMs = Math.max(last.endMs, turn.endMs);
      else merged.push({ ...turn });
    }
    for (const turn of merged)
      if (turn.endMs - turn.startMs >= turnMinimumMs) turns.push({ name: turn.name, startMs: turn.startMs, endMs: turn.endMs });
  }
  turns.sort((a, b) => a.startMs - b.startMs || a.name.localeCompare(b.name));
  return { turns, participants: [...state.participants] };
}

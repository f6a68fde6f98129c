import { describe, expect, it } from "vitest";
import { botSpeakerTimelineSchema } from "../shared/meetings/bot-callbacks";
import { addSpeakingSample, initialSpeakerTurns, type SpeakerTurnsState, type SpeakingSample, speakerTimeline } from "./speaker-turns";

const ana = (isSpeaking: boolean): SpeakingSample => ({ id: "p1", name: "Ana Souza", isSpeaking });
const ben = (isSpeaking: boolean): SpeakingSample => ({ id: "p2", name: "Ben Ode", isSpeaking });

/** Feeds samples every `stepMs` from 0: one row per probe. */
function feed(rows: SpeakingSample[][], stepMs = 250): SpeakerTurnsState {
  return rows.reduce((state, people, index) => addSpeakingSample(state, index * stepMs, people), initialSpeakerTurns);
}

describe("speaker turns", () => {
  it("makes one turn per stretch of a lit indicator, from its first lit probe to its first dark one", () => {
    const state = feed([
      [ana(false), ben(false)],
      [ana(true), ben(false)],
      [ana(true), ben(false)],
      [ana(false), ben(true)],
      [ana(false), ben(true)],
      [ana(false), ben(false)],
    ]);
    expect(speakerTimeline(state).turns).toEqual([
      { name: "Ana Souza", startMs: 250, endMs: 750 },
      { name: "Ben Ode", startMs: 750, endMs: 1250 },
    ]);
  });

  it("merges a pause shorter than 500 ms into the same turn, and keeps a longer pause as two turns", () => {
    const short = feed([[ana(true)], [ana(true)], [ana(false)], [ana(true)], [ana(true)], [ana(false)]]);
    expect(speakerTimeline(short).turns).toEqual([{ name: "Ana Souza", startMs: 0, endMs: 1250 }]);
    const long = feed([[ana(true)], [ana(true)], [ana(false)], [ana(false)], [ana(false)], [ana(true)], [ana(true)], [ana(false)]]);
    expect(speakerTimeline(long).turns).toEqual([
      { name: "Ana Souza", startMs: 0, endMs: 500 },
      { name: "Ana Souza", startMs: 1250, endMs: 1750 },
    ]);
  });

  it("drops a blip under 200 ms, but not two blips that merge into a real turn", () => {
    let blip = addSpeakingSample(initialSpeakerTurns, 0, [ana(false)]);
    blip = addSpeakingSample(blip, 1_000, [ana(true)]);
    blip = addSpeakingSample(blip, 1_150, [ana(false)]);
    expect(speakerTimeline(blip).turns).toEqual([]);
    blip = addSpeakingSample(blip, 1_300, [ana(true)]);
    blip = addSpeakingSample(blip, 1_400, [ana(false)]);
    expect(speakerTimeline(blip).turns).toEqual([{ name: "Ana Souza", startMs: 1_000, endMs: 1_400 }]);
  });

  it("closes a turn still open at the end of the recording, and one whose speaker left the page", () => {
    const open = feed([[ana(true), ben(false)], [ana(true), ben(true)], [ben(true)]]);
    expect(speakerTimeline(open, 2_000).turns).toEqual([
      { name: "Ana Souza", startMs: 0, endMs: 500 },
      { name: "Ben Ode", startMs: 250, endMs: 2_000 },
    ]);
  });

  it("lists everyone seen, speaking or not, and fits the callback schema", () => {
    const state = feed([[ana(false)], [ana(true), ben(false)], [ana(true), { id: "p3", name: "  ", isSpeaking: true }]]);
    const timeline = speakerTimeline(state, 5_000);
    expect(timeline.participants).toEqual(["Ana Souza", "Ben Ode"]);
    expect(botSpeakerTimelineSchema.safeParse(timeline).success).toBe(true);
  });

  it("never goes back in time and rounds to whole milliseconds", () => {
    let state = addSpeakingSample(initialSpeakerTurns, 1_000.6, [ana(true)]);
    state = addSpeakingSample(state, 900, [ana(false)]);
    expect(speakerTimeline(state, 1_500).turns).toEqual([]);
    state = addSpeakingSample(state, 2_000.4, [ana(true)]);
    expect(speakerTimeline(state, 2_500).turns).toEqual([{ name: "Ana Souza", startMs: 2_000, endMs: 2_500 }]);
  });
});

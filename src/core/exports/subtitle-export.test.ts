import { describe, expect, it } from "vitest";
import { parseSrt, parseVtt } from "../../../test/support/export-readers";
import { portugueseMeeting, twoHourMeeting } from "../../../test/support/export-samples";
import type { ExportSegment } from "./schema";
import { maxCueChars, maxCueSeconds, maxLineChars, toSrt, toVtt, transcriptCues, wrapCueText } from "./subtitle-export";
import { subtitleClock } from "./time-codes";

// Subtitles read back by strict parsers (numbering, timing syntax, order, escapes): speakers survive,
// long segments become readable cues, and an empty transcript is still a valid file.

const longSegment: ExportSegment = {
  start: 10,
  end: 40,
  speaker: "Ana",
  text: "This is a long turn that goes on and on about the budget, the hiring plan, the offices in Lisbon and Madrid, the travel policy and finally the date of the next review, which everyone agreed should be in April.",
};

describe("subtitle clocks", () => {
  it("write hours, minutes, seconds and milliseconds with the format's separator", () => {
    expect(subtitleClock(62_345, ",")).toBe("00:01:02,345");
    expect(subtitleClock(62_345, ".")).toBe("00:01:02.345");
    expect(subtitleClock(7_199_999, ",")).toBe("01:59:59,999");
    expect(subtitleClock(0, ".")).toBe("00:00:00.000");
  });
});

describe("SRT export", () => {
  it("numbers cues, keeps speakers as `Name: ` and accents as they are", () => {
    const note = portugueseMeeting();
    const cues = parseSrt(toSrt(note.segments), ["Conceição", "João"]);
    expect(cues.map((cue) => [cue.startMs, cue.endMs, cue.speaker, cue.lines.join(" ")])).toEqual([
      [0, 4200, "Conceição", "Bom dia a todos, vamos começar."],
      [62_400, 66_000, "João", "A previsão é ótima: ação até sexta, senão não dá."],
      [70_000, 73_500, null, "El niño pidió una piñata y un café con azúcar."],
    ]);
  });

  it("is an empty file for an empty transcript", () => {
    expect(toSrt([])).toBe("");
    expect(parseSrt(toSrt([{ start: 0, end: 2, text: "  ", speaker: "Ana" }]))).toEqual([]);
  });

  it("splits a long segment into cues of at most 84 characters and 7 seconds, each with the speaker", () => {
    const cues = parseSrt(toSrt([longSegment]), ["Ana"]);
    expect(cues.length).toBeGreaterThanOrEqual(Math.ceil(30 / maxCueSeconds));
    for (const cue of cues) {
      expect(cue.speaker).toBe("Ana");
      expect(cue.lines.join(" ").length).toBeLessThanOrEqual(maxCueChars);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(maxLineChars);
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(maxCueSeconds * 1000);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
    }
    expect(cues[0]?.startMs).toBe(10_000);
    expect(cues[cues.length - 1]?.endMs).toBe(40_000);
    // Pieces follow each other without gaps and together say every word once.
    expect(cues.slice(1).map((cue) => cue.startMs)).toEqual(cues.slice(0, -1).map((cue) => cue.endMs));
    expect(cues.map((cue) => cue.lines.join(" ")).join(" ")).toBe(longSegment.text);
  });

  it("cuts on the engine's word timings when they still spell the segment", () => {
    const words = longSegment.text
      .split(" ")
      .map((word, index) => ({ start: 10 + index * 0.7, end: 10 + index * 0.7 + 0.5, word: ` ${word}` }));
    const cues = transcriptCues([{ ...longSegment, words }]);
    // Every cut after the first sits at a word's own start time.
    for (const cue of cues.slice(1)) expect(words.some((word) => Math.round(word.start * 1000) === cue.startMs)).toBe(true);
    const edited = transcriptCues([{ ...longSegment, text: `Edited. ${longSegment.text}`, words }]);
    expect(edited.slice(1).every((cue) => words.some((word) => Math.round(word.start * 1000) === cue.startMs))).toBe(false);
  });

  it("keeps starts in order and gives zero-length segments time to be read", () => {
    const cues = parseSrt(
      toSrt([
        { start: 5, end: 5, text: "Instant.", speaker: null },
        { start: 4.9, end: 7, text: "Overlapping start.", speaker: null },
      ]),
    );
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [5000, 5500],
      [5000, 7000],
    ]);
  });

  it("handles a 2-hour transcript with hours in the clock", () => {
    const cues = parseSrt(toSrt(twoHourMeeting().segments), ["Ana", "Bruno"]);
    expect(cues.length).toBeGreaterThanOrEqual(1800);
    expect(cues[cues.length - 1]?.endMs).toBe(7_199_800);
    expect(new Set(cues.map((cue) => cue.speaker))).toEqual(new Set(["Ana", "Bruno"]));
  });
});

describe("VTT export", () => {
  it("starts with WEBVTT, uses `.` milliseconds and `<v Name>` voices", () => {
    const text = toVtt(portugueseMeeting().segments);
    expect(text.startsWith("WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.200\n<v Conceição>Bom dia a todos, vamos começar.\n")).toBe(true);
    const cues = parseVtt(text);
    expect(cues.map((cue) => [cue.startMs, cue.speaker, cue.lines.join(" ")])).toEqual([
      [0, "Conceição", "Bom dia a todos, vamos começar."],
      [62_400, "João", "A previsão é ótima: ação até sexta, senão não dá."],
      [70_000, null, "El niño pidió una piñata y un café con azúcar."],
    ]);
  });

  it("is the header alone for an empty transcript", () => {
    expect(toVtt([])).toBe("WEBVTT\n");
    expect(parseVtt(toVtt([]))).toEqual([]);
  });

  it("escapes markup characters in text and speaker names, so `-->` cannot end up in a cue", () => {
    const text = toVtt([{ start: 1, end: 3, speaker: "R&D <team>", text: "x --> y & <b>z</b>" }]);
    expect(text).toContain("<v R&amp;D &lt;team&gt;>x --&gt; y &amp; &lt;b&gt;z&lt;/b&gt;");
    expect(parseVtt(text)[0]).toMatchObject({ speaker: "R&D <team>", lines: ["x --> y & <b>z</b>"] });
  });

  it("splits long segments the same way as SRT", () => {
    const said = (cues: { startMs: number; endMs: number; speaker: string | null; lines: string[] }[]) =>
      cues.map((cue) => [cue.startMs, cue.endMs, cue.speaker, cue.lines.join(" ")]);
    expect(said(parseVtt(toVtt([longSegment])))).toEqual(said(parseSrt(toSrt([longSegment]), ["Ana"])));
  });
});

describe("cue lines", () => {
  it("break once, at the space nearest the middle, when longer than 42 characters", () => {
    expect(wrapCueText("short line")).toEqual(["short line"]);
    const [first = "", second = ""] = wrapCueText("the offices in Lisbon and Madrid and the travel policy");
    expect(first.length).toBeLessThanOrEqual(maxLineChars);
    expect(second.length).toBeLessThanOrEqual(maxLineChars);
    expect(`${first} ${second}`).toBe("the offices in Lisbon and Madrid and the travel policy");
  });
});

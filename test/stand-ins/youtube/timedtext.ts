// Caption track bodies in YouTube's shapes: json3 (`fmt=json3`), srv1 (the classic default) and srv3.
// Cue times spread the clauses of a reference text over the clip in proportion to their length.

export interface Cue {
  startMs: number;
  durationMs: number;
  text: string;
}

/** Clauses of `text` ("And so my fellow Americans," ...) timed across [fromMs, toMs] with short pauses. */
export function cuesFor(text: string, fromMs: number, toMs: number): Cue[] {
  const clauses = text.match(/[^,.!?]+[,.!?]*/g)?.map((clause) => clause.trim()) ?? [];
  const pauseMs = 400;
  const speakingMs = toMs - fromMs - pauseMs * (clauses.length - 1);
  const totalChars = clauses.reduce((sum, clause) => sum + clause.length, 0);
  let at = fromMs;
  return clauses.map((clause) => {
    const durationMs = Math.round((speakingMs * clause.length) / totalChars);
    const cue = { startMs: at, durationMs, text: clause };
    at += durationMs + pauseMs;
    return cue;
  });
}

const json3Head = {
  wireMagic: "pb3",
  pens: [{}],
  wsWinStyles: [{}, { mhModeHint: 2, juJustifCode: 0, sdScrollDir: 3 }],
  wpWinPositions: [{}, { apPoint: 6, ahHorPos: 20, avVerPos: 100, rcRows: 2, ccCols: 40 }],
};

/** A manual (uploaded) track in json3: one event per cue, the whole cue in one seg. */
export function manualJson3(cues: readonly Cue[]): string {
  return JSON.stringify({
    wireMagic: "pb3",
    pens: [{}],
    wsWinStyles: [{}],
    wpWinPositions: [{}],
    events: cues.map((cue) => ({ tStartMs: cue.startMs, dDurationMs: cue.durationMs, segs: [{ utf8: cue.text }] })),
  });
}

/**
 * An auto-generated track in json3 as YouTube writes it: a window event first, then lines of word segs
 * (tOffsetMs from the line start, acAsrConf), each line on screen until the next one ends, and a
 * "\n" append event between lines. Lower case, no punctuation, like English ASR.
 */
export function asrJson3(text: string, fromMs: number, toMs: number, wordsPerLine = 7): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]/gu, "")
    .split(/\s+/)
    .filter(Boolean);
  const stepMs = (toMs - fromMs) / words.length;
  const lines: { startMs: number; words: string[] }[] = [];
  for (let index = 0; index < words.length; index += wordsPerLine)
    lines.push({ startMs: Math.round(fromMs + index * stepMs), words: words.slice(index, index + wordsPerLine) });
  const events: unknown[] = [{ tStartMs: 0, dDurationMs: toMs, id: 1, wpWinPosId: 1, wsWinStyleId: 1 }];
  lines.forEach((line, index) => {
    const lineEndMs = Math.round(line.startMs + line.words.length * stepMs);
    const nextEndMs = lines[index + 2]?.startMs ?? toMs;
    events.push({
      tStartMs: line.startMs,
      dDurationMs: nextEndMs - line.startMs,
      wWinId: 1,
      segs: line.words.map((word, position) =>
        position === 0 ? { utf8: word, acAsrConf: 0 } : { utf8: ` ${word}`, tOffsetMs: Math.round(position * stepMs), acAsrConf: 0 },
      ),
    });
    if (index < lines.length - 1) events.push({ tStartMs: lineEndMs, dDurationMs: 10, wWinId: 1, aAppend: 1, segs: [{ utf8: "\n" }] });
  });
  return JSON.stringify({ ...json3Head, events });
}

/** YouTube escapes caption text twice in XML (an apostrophe arrives as `&amp;#39;`). */
function xmlEscapeTwice(text: string): string {
  const once = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  return once.replace(/&/g, "&amp;");
}

/** The classic format: `<transcript><text start="s" dur="s">`. */
export function srv1(cues: readonly Cue[]): string {
  const texts = cues.map((cue) => `<text start="${cue.startMs / 1000}" dur="${cue.durationMs / 1000}">${xmlEscapeTwice(cue.text)}</text>`);
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${texts.join("")}</transcript>`;
}

/** Format 3: `<timedtext format="3"><body><p t="ms" d="ms">`. */
export function srv3(cues: readonly Cue[]): string {
  const paragraphs = cues.map((cue) => `<p t="${cue.startMs}" d="${cue.durationMs}">${xmlEscapeTwice(cue.text)}</p>`);
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<body>\n${paragraphs.join("\n")}\n</body>\n</timedtext>\n`;
}

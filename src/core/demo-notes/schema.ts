import type { TranscriptSegment } from "~/shared/notes/notes-api";
import type { PublicNote } from "~/shared/sharing/sharing-api";

/** A demo note: a stable id for `/demo-note/{id}` and the note as a public page shows it. */
export interface DemoNote {
  id: string;
  note: PublicNote;
}

/** `[speaker, start, end, text]`: a compact way to write a transcript by hand. */
export type ScriptLine = readonly [speaker: string, start: number, end: number, text: string];

export function segmentsFrom(lines: readonly ScriptLine[]): TranscriptSegment[] {
  return lines.map(([speaker, start, end, text], position) => ({ position, start, end, text, speaker, words: null }));
}

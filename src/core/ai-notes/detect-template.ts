import type { NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import type { NoteType } from "~/shared/notes/statuses";
import type { NotesSegment } from "./transcript-chunks";

// Cue words per template in en, es and pt, matched on the first part of the transcript. A cue counts
// once however often it is said, so one chatty word cannot outvote the rest.
const cues: Record<Exclude<NotesTemplate, "general_meeting" | "youtube_video">, RegExp[]> = {
  stand_up: [
    /\bstand-?up\b/,
    /\bblock(er|ers|ed)\b/,
    /\byesterday\b/,
    /\bayer\b/,
    /\bontem\b/,
    /\bbloque(o|ado|ios)\b/,
    /\bsprint\b/,
    /\bdaily\b/,
  ],
  one_on_one: [
    /\bone[- ]on[- ]one\b/,
    /\b1[:-]1\b/,
    /\bcareer\b/,
    /\bfeedback\b/,
    /\bcarreira\b/,
    /\bcarrera\b/,
    /\bgrowth\b/,
    /\bcrecimiento\b/,
  ],
  sales_call: [
    /\bpricing\b/,
    /\bprice\b/,
    /\bcontract\b/,
    /\bbudget\b/,
    /\bdemo\b/,
    /\bprecio\b/,
    /\bpreço\b/,
    /\bpresupuesto\b/,
    /\borçamento\b/,
    /\bcontrato\b/,
    /\blicen[sc]es?\b/,
    /\bdiscount\b/,
  ],
  interview: [
    /\binterview\b/,
    /\bcandidate\b/,
    /\btell me about yourself\b/,
    /\bentrevista\b/,
    /\bcandidat[oa]\b/,
    /\bresume\b/,
    /\bcurr[ií]culo\b/,
  ],
  lecture: [
    /\blecture\b/,
    /\bstudents?\b/,
    /\bclase\b/,
    /\baula\b/,
    /\bchapter\b/,
    /\bcap[ií]tulo\b/,
    /\bhomework\b/,
    /\bexam\b/,
    /\btoday we('| wi)ll (cover|learn)\b/,
  ],
};

/**
 * Picks a template when the user chose `auto`: YouTube notes are videos; otherwise the template whose cue
 * words appear most often in the first ~3,000 words, at least two different cues; else a general meeting.
 * One speaker talking for a long time with lecture cues reads as a lecture.
 */
export function detectTemplate({ noteType, segments }: { noteType: NoteType; segments: readonly NotesSegment[] }): NotesTemplate {
  if (noteType === "youtube") return "youtube_video";
  const words: string[] = [];
  for (const segment of segments) {
    words.push(segment.text);
    if (words.join(" ").length > 18_000) break;
  }
  const text = words.join(" ").toLowerCase();
  let best: NotesTemplate = "general_meeting";
  let bestScore = 1;
  for (const [template, patterns] of Object.entries(cues) as [NotesTemplate, RegExp[]][]) {
    const score = patterns.filter((pattern) => pattern.test(text)).length;
    if (score > bestScore) {
      best = template;
      bestScore = score;
    }
  }
  return best;
}

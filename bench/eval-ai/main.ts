import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateNotes } from "../../src/core/ai-notes/generate-notes";
import type { NotesSegment } from "../../src/core/ai-notes/transcript-chunks";
import { answerQuestion } from "../../src/core/ask/answer";
import { assignSpeakers } from "../../src/core/transcription/assign-speakers";
import { transcribeMedia } from "../../src/core/transcription/media-transcriber";
import type { SpeakerDiarizer, SpeakerTurn } from "../../src/infra/diarization/speaker-diarizer";
import { wordErrorRate } from "../../src/infra/speech/word-error-rate";
import type { Citation } from "../../src/shared/ask/ask-api";
import { type EvalLanguageModel, languageModels, speakerDiarizer, speechEngines } from "./engines";
import { loadMeetings, type MeetingScript } from "./meeting-script";
import { checkEspeak, type RenderedMeeting, renderMeeting } from "./render-speech";
import { citesAnswer, type HypothesisTurn, type NotesScore, type SpeakerScore, scoreNotes, scoreSpeakers } from "./scoring";
import { meetingPassages } from "./transcript-passages";

// `npm run eval:ai` (issue 19): the scripted meetings of bench/eval-ai/meetings rendered to speech, run
// through every engine available here with the product's own transcription, speaker, notes and ask code,
// and held against their answer keys. A benchmark, not a test: it prints a table per engine and fails
// only when something cannot run. EVAL_MEETINGS=en|es|pt|<id> runs some; the README of this folder
// has the variables for an OpenAI-compatible endpoint.

const print = (line = "") => process.stdout.write(`${line}\n`);
const log = (line: string) => print(`  (${line})`);
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const of = (found: number, total: number) => `${found}/${total}`;
const perMinute = (seconds: number, audioSeconds: number) => (seconds / (audioSeconds / 60)).toFixed(1);

interface Row {
  meeting: string;
  language: string;
  audioSeconds: number;
  wer: number | null;
  speakers: SpeakerScore | null;
  /** Speaker labels on the transcript (diarizer turns put on the engine's segments). */
  labelled: SpeakerScore | null;
  transcribeSeconds: number | null;
  notes: { model: string; score: NotesScore; answered: number; questions: number; seconds: number; fellBack: string | null }[];
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - started) / 1000 };
}

/** The product's notes; a model whose output fails the checks falls back to the floor, as the notes job does. */
async function notesFor(model: EvalLanguageModel, segments: NotesSegment[], script: MeetingScript) {
  const input = {
    segments,
    meetingDate: new Date(`${script.meetingDate}T09:00:00Z`),
    language: script.language,
    template: "general_meeting" as const,
  };
  try {
    return { notes: await generateNotes({ ...input, model: model.model }), fellBack: null };
  } catch (error) {
    if (!model.model) throw error;
    // NotesOutputError has a reason (repetition, placeholder...), LanguageModelError a code (cut_off...).
    const { reason, code } = error as { reason?: string; code?: string };
    const why = reason ?? code ?? (error instanceof Error ? error.name : String(error));
    return { notes: await generateNotes({ ...input, model: null }), fellBack: why };
  }
}

async function questionsAnswered(model: EvalLanguageModel, segments: NotesSegment[], script: MeetingScript, rendered: RenderedMeeting) {
  let answered = 0;
  for (const question of script.questions) {
    const passages = meetingPassages(question.question, segments, script.title);
    let citations: Citation[] = [];
    try {
      for await (const event of answerQuestion({
        model: model.model,
        question: question.question,
        history: [],
        passages,
        language: script.language,
      }))
        if (event.kind === "done") citations = event.citations;
    } catch {
      citations = [];
    }
    if (citesAnswer(citations[0], segments, question.lines, rendered.turns)) answered++;
  }
  return answered;
}

/** Hypothesis turns from a labelled transcript: each segment's span under its speaker. */
function turnsOfSegments(segments: readonly NotesSegment[]): HypothesisTurn[] {
  return segments
    .filter((segment) => segment.speaker)
    .map((segment) => ({ start: segment.start, end: segment.end, speaker: segment.speaker as string }));
}

async function evaluateTranscript(
  script: MeetingScript,
  rendered: RenderedMeeting,
  segments: NotesSegment[],
  models: readonly EvalLanguageModel[],
  mapping: ReadonlyMap<string, string>,
): Promise<Row["notes"]> {
  const results: Row["notes"] = [];
  for (const model of models) {
    const { result, seconds } = await timed(() => notesFor(model, segments, script));
    const answered = await questionsAnswered(model, segments, script, rendered);
    process.stderr.write(`  ${script.id}: notes by ${model.name} in ${seconds.toFixed(1)} s, questions answered\n`);
    results.push({
      model: model.name,
      score: scoreNotes(result.notes.content, script, mapping),
      answered,
      questions: script.questions.length,
      seconds,
      fellBack: result.fellBack,
    });
  }
  return results;
}

function printTable(title: string, rows: readonly Row[]): void {
  print(`\n== ${title}`);
  const header = [
    "meeting",
    "lang",
    "audio",
    "WER",
    "DER",
    "turns ok",
    "labels ok",
    "notes by",
    "decisions",
    "actions",
    "owner ok",
    "due ok",
    "questions",
    "transcribe s/min",
    "notes s/min",
  ];
  const widths = [18, 5, 6, 9, 18, 9, 10, 33, 10, 8, 9, 7, 10, 17, 11];
  const line = (cells: string[]) =>
    print(
      cells
        .map((cell, index) => cell.padEnd(widths[index] ?? 10))
        .join(" ")
        .trimEnd(),
    );
  line(header);
  const noDiarizer = "n/a (no diarizer)";
  for (const row of rows) {
    for (const [index, notes] of row.notes.entries()) {
      const first = index === 0;
      line([
        first ? row.meeting : "",
        first ? row.language : "",
        first ? `${row.audioSeconds.toFixed(0)} s` : "",
        first ? (row.wer === null ? "(script)" : pct(row.wer)) : "",
        first ? (row.speakers ? pct(row.speakers.der) : row.wer === null ? "(true speakers)" : noDiarizer) : "",
        first && row.speakers ? pct(row.speakers.turnAccuracy) : "",
        first && row.labelled ? pct(row.labelled.turnAccuracy) : "",
        notes.fellBack ? `${notes.model} -> floor: ${notes.fellBack}` : notes.model,
        of(notes.score.decisions, notes.score.decisionsTotal),
        of(notes.score.actionsFound, notes.score.actionsTotal),
        of(notes.score.ownerRight, notes.score.actionsTotal),
        of(notes.score.dueRight, notes.score.actionsTotal),
        of(notes.answered, notes.questions),
        first && row.transcribeSeconds !== null ? perMinute(row.transcribeSeconds, row.audioSeconds) : "",
        perMinute(notes.seconds, row.audioSeconds),
      ]);
    }
  }
}

// A promise that never settles would end the run silently with exit code 0: say so instead.
process.on("exit", (code) => {
  if (!finished) process.stderr.write(`eval:ai stopped before the end (exit code ${code})\n`);
});
let finished = false;
checkEspeak();
const meetings = await loadMeetings(process.env.EVAL_MEETINGS);
const scratch = mkdtempSync(path.join(tmpdir(), "parley-eval-ai-"));
print(`npm run eval:ai: ${meetings.length} meetings (${meetings.map((meeting) => meeting.id).join(", ")})`);
const rendered = new Map<string, RenderedMeeting>();
for (const script of meetings) {
  const meeting = await renderMeeting(script, scratch);
  rendered.set(script.id, meeting);
  print(
    `  rendered ${script.id}: ${meeting.seconds.toFixed(0)} s, ${Object.keys(script.speakers).length} voices, ${script.lines.length} lines`,
  );
}
const models = await languageModels(log);
const diarizer: SpeakerDiarizer | null = await speakerDiarizer(log);
const diarized = new Map<string, { turns: SpeakerTurn[]; score: SpeakerScore; seconds: number }>();
if (diarizer) {
  for (const script of meetings) {
    const meeting = rendered.get(script.id) as RenderedMeeting;
    const { result: turns, seconds } = await timed(() => diarizer.diarize(meeting.wavPath));
    const hypothesis = turns.map((turn) => ({ start: turn.start, end: turn.end, speaker: String(turn.speaker) }));
    diarized.set(script.id, { turns, score: scoreSpeakers(meeting.turns, hypothesis, meeting.seconds), seconds });
    print(`  diarized ${script.id} with ${diarizer.id} in ${seconds.toFixed(1)} s`);
  }
}

// Upper bound for the notes and answers: the script itself, true speakers by name, true times.
const referenceRows: Row[] = [];
for (const script of meetings) {
  const meeting = rendered.get(script.id) as RenderedMeeting;
  const segments = meeting.turns.map((turn) => ({ start: turn.start, end: turn.end, text: turn.text, speaker: turn.speaker }));
  const notes = await evaluateTranscript(script, meeting, segments, models, new Map());
  referenceRows.push({
    meeting: script.id,
    language: script.language,
    audioSeconds: meeting.seconds,
    wer: null,
    speakers: null,
    labelled: null,
    transcribeSeconds: null,
    notes,
  });
}
printTable("reference transcript (the script, true speakers): notes and ask-AI alone", referenceRows);

for await (const speech of speechEngines(log)) {
  const rows: Row[] = [];
  try {
    for (const script of meetings) {
      if (speech.languages && !speech.languages.includes(script.language)) continue;
      const meeting = rendered.get(script.id) as RenderedMeeting;
      const { result, seconds } = await timed(() =>
        transcribeMedia({
          inputPath: meeting.wavPath,
          scratchDir: path.join(scratch, `${script.id}-work`),
          engine: speech.engine,
          language: script.language,
        }),
      );
      await rm(path.join(scratch, `${script.id}-work`), { recursive: true, force: true });
      let segments: NotesSegment[] =
        result.kind === "speech" ? result.transcription.segments.map((segment) => ({ ...segment, speaker: segment.speaker ?? null })) : [];
      const wer = wordErrorRate(script.lines.map((line) => line.text).join(" "), segments.map((segment) => segment.text).join(" "));
      const speakers = diarized.get(script.id);
      let labelled: SpeakerScore | null = null;
      if (speakers) {
        segments = assignSpeakers(segments, speakers.turns, { language: script.language }).map((segment) => ({
          ...segment,
          speaker: segment.speaker ?? null,
        }));
        labelled = scoreSpeakers(meeting.turns, turnsOfSegments(segments), meeting.seconds);
      }
      const notes = await evaluateTranscript(script, meeting, segments, models, labelled?.mapping ?? new Map());
      rows.push({
        meeting: script.id,
        language: script.language,
        audioSeconds: meeting.seconds,
        wer,
        speakers: speakers?.score ?? null,
        labelled,
        transcribeSeconds: seconds,
        notes,
      });
    }
  } finally {
    await speech.stop();
  }
  printTable(speech.name, rows);
}
for (const model of models) await model.stop();
await diarizer?.dispose();
await rm(scratch, { recursive: true, force: true });
finished = true;
print("\nWER: words against the script; DER: diarization error rate (0.25 s collar, best speaker mapping); turns ok: lines");
print("whose main diarized speaker maps to the true one; labels ok: the same for the labels on the transcript's segments;");
print("decisions/actions: found by the key's keywords; owner ok: the name, or a Speaker N label mapped to it; due ok: the");
print("ISO date; questions: the first cited passage overlaps a line that answers; s/min: seconds per minute of audio.");

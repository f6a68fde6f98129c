import { z } from "zod";
import type { LanguageModel } from "~/infra/llm/language-model";
import type { ActionItem, AiNotesContent, Chapter, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import type { GeneratedNotes } from "./mutations";
import { isOffTranscript, knownOrNull, type NotesOutputProblem, notesOutputProblem } from "./notes-output-checks";
import { chunkNotesJsonSchema, chunkNotesMessages, finalNotesJsonSchema, finalNotesMessages } from "./prompts";
import { chunkTranscript, type NotesSegment, parseClock } from "./transcript-chunks";

/**
 * The model's notes cannot be stored: they do not match the schema (`bad_output`) or fail a check on
 * their content (notes-output-checks.ts). The reason is a `notesFailure.<reason>` of the notes catalog.
 */
export class NotesOutputError extends Error {
  override name = "NotesOutputError";
  constructor(
    readonly reason: NotesOutputProblem | "bad_output",
    message: string,
  ) {
    super(message);
  }
}

const text = z.string().transform((value) => value.trim());
const partialNotes = z.object({
  title: text.optional().default(""),
  summary: text,
  keyPoints: z.array(text),
  decisions: z.array(text),
  actionItems: z.array(z.object({ text, owner: text.nullable(), due: text.nullable() })),
});
type PartialNotes = z.infer<typeof partialNotes>;
const chunkNotes = partialNotes.extend({ chapters: z.array(z.object({ title: text, start: z.string(), summary: text })) });

// Room for the instructions and the answer in the model's context; the rest is transcript. Three
// characters per token is conservative for English, Spanish and Portuguese alike.
const reservedTokens = 1_600;
const charsPerToken = 3;
const answerTokens = 1_200;
const maxListItems = 20;

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new NotesOutputError("bad_output", `the model's notes do not match the schema: ${parsed.error.message.slice(0, 300)}`);
  return parsed.data;
}

/** Throws the notes' first problem as a bad answer (before anything is stored). */
function checkNotes(
  notes: PartialNotes & { chapters?: { title: string; summary: string }[] },
  transcript: { start: number; end: number },
  where: string,
): void {
  const problem = notesOutputProblem(
    { ...notes, actionItems: notes.actionItems.map((item) => ({ ...item, owner: knownOrNull(item.owner), due: knownOrNull(item.due) })) },
    transcript,
  );
  if (problem) throw new NotesOutputError(problem, `the model's notes for ${where} failed the output checks: ${problem}`);
}

function uniqueTexts(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (item.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function uniqueActions(items: readonly ActionItem[]): ActionItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.text.toLowerCase();
    if (item.text.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function tidy(notes: PartialNotes, chapters: Chapter[]): AiNotesContent {
  return {
    title: notes.title.slice(0, 200),
    summary: notes.summary.slice(0, 20_000),
    keyPoints: uniqueTexts(notes.keyPoints).slice(0, maxListItems),
    decisions: uniqueTexts(notes.decisions).slice(0, maxListItems),
    actionItems: uniqueActions(
      notes.actionItems.map((item) => ({ text: item.text, owner: knownOrNull(item.owner), due: knownOrNull(item.due) })),
    ).slice(0, maxListItems),
    chapters,
  };
}

export interface GenerateNotesInput {
  /** null: no model configured, so the notes are extracted highlights (labelled as such). */
  model: LanguageModel | null;
  segments: readonly NotesSegment[];
  /** When the meeting took place (the note's creation): the extractive floor resolves "by Friday" against it. */
  meetingDate?: Date | null;
  language: string;
  template: NotesTemplate;
  signal?: AbortSignal;
  /** 0..1 after each model call. */
  onProgress?: (fraction: number) => Promise<void>;
}

/**
 * Notes for a transcript of any length: map (notes per chunk that fits the model) then reduce (merge the
 * chunks' notes, in groups when they are many). Chapters come from the chunks with their times kept inside
 * each chunk's span. Without a model, extractive highlights.
 */
export async function generateNotes(input: GenerateNotesInput): Promise<GeneratedNotes> {
  const { model, language, template } = input;
  if (!model) {
    // wink-nlp and its English model load with the first extractive notes, not with the process (issue 22).
    const { extractNotes } = await import("./extractive");
    return {
      content: extractNotes({ segments: input.segments, language, template, meetingDate: input.meetingDate }),
      template,
      language,
      engine: "extractive",
      isExtractive: true,
    };
  }
  const maxChars = Math.max(2_000, (model.contextTokens - reservedTokens) * charsPerToken);
  const chunks = chunkTranscript(input.segments, maxChars);
  const estimatedCalls = chunks.length + (chunks.length > 1 ? Math.ceil(chunks.length / 4) : 0);
  let calls = 0;
  const progress = async () => {
    calls += 1;
    await input.onProgress?.(Math.min(0.99, calls / Math.max(1, estimatedCalls)));
  };

  const transcript = { start: input.segments[0]?.start ?? 0, end: input.segments.reduce((end, segment) => Math.max(end, segment.end), 0) };
  const partials: PartialNotes[] = [];
  const chapters: Chapter[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const raw = await model.generateJson({
      messages: chunkNotesMessages({ template, language, chunk: chunk.text, part: index + 1, parts: chunks.length }),
      schema: chunkNotesJsonSchema,
      schemaName: "chunk_notes",
      maxTokens: answerTokens,
      signal: input.signal,
    });
    const notes = parseWith(chunkNotes, raw);
    checkNotes(notes, transcript, `part ${index + 1}`);
    partials.push(notes);
    for (const chapter of notes.chapters) {
      if (!chapter.title) continue;
      // A start the transcript does not have points at no passage: a bad answer. One elsewhere in the
      // transcript (a part numbered from 00:00) is kept inside the part it came from.
      if (isOffTranscript(chapter.start, transcript)) {
        throw new NotesOutputError(
          "off_transcript",
          `a chapter of part ${index + 1} starts at ${chapter.start.slice(0, 20)}, not in the transcript`,
        );
      }
      const said = parseClock(chapter.start) ?? chunk.start;
      const start = Math.min(Math.max(said, chunk.start), chunk.end);
      chapters.push({ title: chapter.title.slice(0, 200), start, summary: chapter.summary });
    }
    await progress();
  }

  let merged = partials;
  while (merged.length > 1) {
    // Group the parts' notes so each merge fits the model; repeat until one is left.
    const groups: PartialNotes[][] = [[]];
    let size = 0;
    for (const part of merged) {
      const length = JSON.stringify(part).length;
      const current = groups[groups.length - 1] as PartialNotes[];
      if (current.length > 0 && size + length > maxChars) {
        groups.push([part]);
        size = length;
      } else {
        current.push(part);
        size += length;
      }
    }
    const next: PartialNotes[] = [];
    for (const group of groups) {
      if (group.length === 1) {
        next.push(group[0] as PartialNotes);
        continue;
      }
      const raw = await model.generateJson({
        messages: finalNotesMessages({ template, language, parts: group.map((part) => JSON.stringify(part)) }),
        schema: finalNotesJsonSchema,
        schemaName: "meeting_notes",
        maxTokens: answerTokens,
        signal: input.signal,
      });
      const mergedNotes = parseWith(partialNotes, raw);
      checkNotes(mergedNotes, transcript, "the merge");
      next.push(mergedNotes);
      await progress();
    }
    if (next.length === merged.length)
      throw new NotesOutputError("bad_output", "the parts' notes do not fit the model's context to be merged");
    merged = next;
  }
  const final = merged[0] ?? { title: "", summary: "", keyPoints: [], decisions: [], actionItems: [] };
  chapters.sort((a, b) => a.start - b.start);
  const distinctChapters = chapters.filter((chapter, index) => index === 0 || chapter.start !== chapters[index - 1]?.start).slice(0, 200);
  return { content: tidy(final, distinctChapters), template, language, engine: model.id, isExtractive: false };
}

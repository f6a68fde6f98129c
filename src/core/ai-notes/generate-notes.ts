import { z } from "zod";
import type { LanguageModel } from "~/infra/llm/language-model";
import type { ActionItem, AiNotesContent, Chapter, NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import { extractNotes } from "./extractive";
import type { GeneratedNotes } from "./mutations";
import { chunkNotesJsonSchema, chunkNotesMessages, finalNotesJsonSchema, finalNotesMessages } from "./prompts";
import { chunkTranscript, type NotesSegment, parseClock } from "./transcript-chunks";

/** The model wrote something that does not match the schema (a retry may do better). */
export class NotesOutputError extends Error {
  override name = "NotesOutputError";
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
  if (!parsed.success) throw new NotesOutputError(`the model's notes do not match the schema: ${parsed.error.message.slice(0, 300)}`);
  return parsed.data;
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
      notes.actionItems.map((item) => ({ text: item.text, owner: item.owner || null, due: item.due || null })),
    ).slice(0, maxListItems),
    chapters,
  };
}

export interface GenerateNotesInput {
  /** null: no model configured, so the notes are extracted highlights (labelled as such). */
  model: LanguageModel | null;
  segments: readonly NotesSegment[];
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
    return {
      content: extractNotes({ segments: input.segments, language, template }),
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
    partials.push(notes);
    for (const chapter of notes.chapters) {
      if (!chapter.title) continue;
      const said = parseClock(chapter.start);
      const start = said === null ? chunk.start : Math.min(Math.max(said, chunk.start), chunk.end);
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
      next.push(parseWith(partialNotes, raw));
      await progress();
    }
    if (next.length === merged.length) throw new NotesOutputError("the parts' notes do not fit the model's context to be merged");
    merged = next;
  }
  const final = merged[0] ?? { title: "", summary: "", keyPoints: [], decisions: [], actionItems: [] };
  chapters.sort((a, b) => a.start - b.start);
  const distinctChapters = chapters.filter((chapter, index) => index === 0 || chapter.start !== chapters[index - 1]?.start).slice(0, 200);
  return { content: tidy(final, distinctChapters), template, language, engine: model.id, isExtractive: false };
}

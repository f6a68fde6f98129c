import type { ChatMessage } from "~/infra/llm/language-model";
import type { NotesTemplate } from "~/shared/ai-notes/ai-notes-api";
import { englishLanguageName } from "~/shared/i18n/english-language-name";

/** What each template asks the model to look for (issue 5 templates). */
const focus: Record<NotesTemplate, string> = {
  general_meeting: "a team meeting: the topics discussed, what was decided and who will do what by when.",
  one_on_one: "a one-on-one between a manager and a report: updates, feedback given, concerns raised, growth goals and agreed follow-ups.",
  stand_up: "a stand-up: for each person, what they did, what they will do next and what blocks them; blockers are key points.",
  sales_call: "a sales call: the customer's needs and pain points, objections, pricing and budget talk, competitors named, and next steps.",
  interview:
    "a job interview: the candidate's background, strengths, concerns, answers to the main questions and next steps in the process.",
  lecture: "a lecture or class: the main concepts taught, definitions, examples and anything the students must do.",
  youtube_video: "a video: its main ideas in order, notable claims or tips, and any calls to action.",
};

const nullableString = { type: ["string", "null"] };
const stringList = { type: "array", items: { type: "string" } };
const actionItems = {
  type: "array",
  items: {
    type: "object",
    properties: { text: { type: "string" }, owner: nullableString, due: nullableString },
    required: ["text", "owner", "due"],
    additionalProperties: false,
  },
};

/** JSON Schema of one chunk's notes (map step). Strict-mode compatible: every property required. */
export const chunkNotesJsonSchema = {
  type: "object",
  properties: {
    title: { type: "string" },
    summary: { type: "string" },
    keyPoints: stringList,
    decisions: stringList,
    actionItems,
    chapters: {
      type: "array",
      items: {
        type: "object",
        properties: { title: { type: "string" }, start: { type: "string" }, summary: { type: "string" } },
        required: ["title", "start", "summary"],
        additionalProperties: false,
      },
    },
  },
  required: ["title", "summary", "keyPoints", "decisions", "actionItems", "chapters"],
  additionalProperties: false,
};

/** JSON Schema of the final notes (reduce step); chapters come from the chunks. */
export const finalNotesJsonSchema = {
  type: "object",
  properties: { title: { type: "string" }, summary: { type: "string" }, keyPoints: stringList, decisions: stringList, actionItems },
  required: ["title", "summary", "keyPoints", "decisions", "actionItems"],
  additionalProperties: false,
};

function system(template: NotesTemplate, language: string): string {
  return [
    `You write meeting notes. The transcript is of ${focus[template]}`,
    `Write every text in ${englishLanguageName(language)}, whatever language the transcript is in.`,
    "Use only what the transcript says; never invent names, dates or numbers. Leave a list empty when there is nothing for it.",
    "An action item is a task someone agreed to do: owner is the person who will do it (null when not said), due is when, as said (null when not said).",
    "Keep the summary to 2-5 sentences, at most 8 key points and 3-6 chapters.",
  ].join("\n");
}

/** Map step: notes for one part of the transcript; chapter starts are copied from the [mm:ss] stamps. */
export function chunkNotesMessages(input: {
  template: NotesTemplate;
  language: string;
  chunk: string;
  part: number;
  parts: number;
}): ChatMessage[] {
  const where = input.parts > 1 ? `This is part ${input.part} of ${input.parts} of the transcript.` : "This is the whole transcript.";
  return [
    { role: "system", content: system(input.template, input.language) },
    {
      role: "user",
      content: `${where} Each line starts with its time [mm:ss]. Give a short title (at most 8 words). For chapters, give start as the [mm:ss] time of the line where the topic begins.\n\nTranscript:\n${input.chunk}`,
    },
  ];
}

/** Reduce step: one set of notes out of the parts' notes (JSON of each part, in order). */
export function finalNotesMessages(input: { template: NotesTemplate; language: string; parts: string[] }): ChatMessage[] {
  return [
    { role: "system", content: system(input.template, input.language) },
    {
      role: "user",
      content: `These are notes of consecutive parts of one transcript. Merge them into one set of notes with a short title (at most 8 words): remove repeats, keep every distinct decision and action item.\n\n${input.parts
        .map((part, index) => `Part ${index + 1}:\n${part}`)
        .join("\n\n")}`,
    },
  ];
}

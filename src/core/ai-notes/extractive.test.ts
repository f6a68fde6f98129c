import { describe, expect, it } from "vitest";
import { type AiNotesContent, aiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import { type ExtractNotesSegment, extractNotes } from "./extractive";
import { findActionItem, findDue } from "./extractive-cues";
import { englishMeeting, hourLongMeeting, portugueseMeeting, spanishMeeting } from "./extractive-test-transcripts";

// The offline notes floor on realistic meetings in the three languages: what it must find (decisions,
// action items with owner and due date, chapters at the topic changes) and what it must not do (invent
// words, flag asides as tasks, take long).

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, " ");

/** Every string the notes show is quoted from the transcript (owners may be its speaker labels): no word comes from anywhere else. */
function expectNothingInvented(notes: AiNotesContent, segments: readonly ExtractNotesSegment[]) {
  const transcript = fold(segments.map((segment) => `${segment.speaker ?? ""}: ${segment.text}`).join(" "));
  const quotes = [
    ...notes.keyPoints,
    ...notes.decisions,
    ...notes.actionItems.flatMap((item) => [item.text, item.owner ?? "", item.due ?? ""]),
    ...notes.chapters.map((chapter) => chapter.summary),
    ...notes.summary.split(/(?<=[.!?])\s+(?=\p{Lu})/u),
  ].filter(Boolean);
  for (const quote of quotes) expect(transcript, quote).toContain(fold(quote).replace(/…$/, ""));
  const labels = [notes.title, ...notes.chapters.map((chapter) => chapter.title)].flatMap((title) => title.split(", "));
  for (const label of labels) expect(transcript, label).toContain(fold(label));
}

function expectChaptersInOrder(notes: AiNotesContent, segments: readonly ExtractNotesSegment[]) {
  expect(notes.chapters.length).toBeGreaterThanOrEqual(3);
  expect(notes.chapters.length).toBeLessThanOrEqual(8);
  expect(notes.chapters[0]?.start).toBe(segments[0]?.start);
  const starts = notes.chapters.map((chapter) => chapter.start);
  for (let index = 1; index < starts.length; index++) expect(starts[index]).toBeGreaterThan(starts[index - 1] ?? 0);
  // Every chapter starts where a segment starts.
  for (const start of starts) expect(segments.some((segment) => segment.start === start)).toBe(true);
}

/** Where the fixtures change topic: the segments that follow a 6-second pause. */
const topicStarts = (segments: readonly ExtractNotesSegment[]) =>
  segments.filter((segment, index) => index > 0 && segment.start - (segments[index - 1]?.end ?? 0) > 5).map((segment) => segment.start);

describe("extractNotes", () => {
  it("finds an English meeting's decisions, action items with owners and due dates, and its three topics", () => {
    const notes = extractNotes({ segments: englishMeeting, language: "en", template: "general_meeting" });
    expect(aiNotesContent.parse(notes)).toEqual(notes);
    expect(notes.decisions).toEqual([
      "We decided to ship the mobile release on Thursday next week, after the store review clears.",
      "We agreed to freeze new checkout features until the payments bug is fixed, right?",
      "Then let's go with the cheaper analytics vendor for the third quarter budget.",
    ]);
    expect(notes.actionItems).toEqual([
      { text: "I'll write the release notes by Friday.", owner: "David", due: "by Friday" },
      { text: "Priya, can you check the payments logs before tomorrow's call with the bank?", owner: "Priya", due: "before tomorrow" },
      {
        text: "Tom will refund the duplicate charges for the affected customers by end of the week.",
        owner: "Tom",
        due: "by end of the week",
      },
      {
        text: "We need to hire a second designer by the end of April, and that belongs in the budget plan as well.",
        owner: null,
        due: "by the end of April",
      },
      {
        text: "I'm going to send the budget spreadsheet to finance next Monday, with the designer role and the analytics vendor change.",
        owner: "Tom",
        due: "next Monday",
      },
    ]);
    // "I'll be honest" announces speech, not a task.
    expect(notes.actionItems.some((item) => item.text.includes("honest"))).toBe(false);
    expect(notes.title).toMatch(/mobile release/i);
    expectChaptersInOrder(notes, englishMeeting);
    expect(notes.chapters.map((chapter) => chapter.start)).toEqual([0, ...topicStarts(englishMeeting)]);
    expect(notes.chapters.map((chapter) => chapter.title)).toEqual([
      expect.stringMatching(/release/i),
      expect.stringMatching(/payment|charge/i),
      expect.stringMatching(/budget|analytics/i),
    ]);
    expect(notes.summary.length).toBeGreaterThan(40);
    expect(notes.keyPoints.length).toBeGreaterThanOrEqual(3);
    expectNothingInvented(notes, englishMeeting);
  });

  it("finds a Spanish meeting's decisions and action items (owner by speaker, by name, by address)", () => {
    const notes = extractNotes({ segments: spanishMeeting, language: "es", template: "general_meeting" });
    expect(notes.decisions).toEqual([
      "Acordamos mantener los descuentos de la campaña hasta el final de julio.",
      "Decidimos buscar un segundo proveedor de envíos para el norte del país antes del otoño.",
    ]);
    expect(notes.actionItems).toEqual([
      { text: "Yo me encargo de preparar el informe de ventas de la campaña para el viernes.", owner: "Carlos", due: "para el viernes" },
      { text: "Marta, ¿puedes revisar el contrato con el proveedor antes del 15 de mayo?", owner: "Marta", due: "antes del 15 de mayo" },
      {
        text: "Carlos va a llamar al cliente de Monterrey mañana para explicarle los retrasos de entrega.",
        owner: "Carlos",
        due: "mañana",
      },
      {
        text: "Hay que publicar las ofertas de soporte la próxima semana para tener a las personas nuevas en julio.",
        owner: null,
        due: "la próxima semana",
      },
    ]);
    // "Esta mañana" (this morning) is the past, not a due date, and no task.
    expect(notes.actionItems.some((item) => item.text.startsWith("Esta mañana"))).toBe(false);
    expectChaptersInOrder(notes, spanishMeeting);
    expect(notes.chapters.map((chapter) => chapter.start)).toEqual([0, ...topicStarts(spanishMeeting)]);
    expect(notes.title).toMatch(/campaña/i);
    expectNothingInvented(notes, spanishMeeting);
  });

  it("finds a Portuguese meeting's decisions and action items", () => {
    const notes = extractNotes({ segments: portugueseMeeting, language: "pt-BR", template: "general_meeting" });
    expect(notes.decisions).toEqual([
      "Ficou decidido que o lançamento do aplicativo será no dia 3 de julho, sem o modo escuro.",
      "Combinamos que vamos testar o novo fornecedor de pagamentos com as vendas internacionais primeiro.",
    ]);
    expect(notes.actionItems).toEqual([
      { text: "Eu vou revisar o orçamento do lançamento até sexta-feira.", owner: "João", due: "até sexta-feira" },
      { text: "Beatriz, você pode mandar o relatório de taxas para o financeiro amanhã?", owner: "Beatriz", due: "amanhã" },
      { text: "A Beatriz vai organizar o treinamento da equipe de suporte na semana que vem.", owner: "Beatriz", due: "na semana que vem" },
    ]);
    expectChaptersInOrder(notes, portugueseMeeting);
    expect(notes.chapters.map((chapter) => chapter.start)).toEqual([0, ...topicStarts(portugueseMeeting)]);
    expectNothingInvented(notes, portugueseMeeting);
  });

  it("lists no decisions or tasks for a lecture, where a speaker's 'I'll show you' is not one", () => {
    const notes = extractNotes({ segments: englishMeeting, language: "en", template: "lecture" });
    expect(notes.decisions).toEqual([]);
    expect(notes.actionItems).toEqual([]);
    expect(notes.keyPoints.length).toBeGreaterThan(0);
  });

  it("gives one chapter to a short recording and empty notes to an empty transcript", () => {
    const short = englishMeeting.slice(0, 3);
    const notes = extractNotes({ segments: short, language: "en", template: "general_meeting" });
    expect(notes.chapters).toEqual([{ title: expect.any(String), start: 0, summary: expect.any(String) }]);
    expect(extractNotes({ segments: [{ start: 0, end: 1, text: " ... " }], language: "en", template: "general_meeting" })).toEqual({
      title: "",
      summary: "",
      keyPoints: [],
      decisions: [],
      actionItems: [],
      chapters: [],
    });
  });

  it("takes an hour of transcript (~9,000 words), the same notes every time (its speed: npm run bench:notes)", () => {
    const hour = hourLongMeeting();
    expect(hour.reduce((sum, segment) => sum + segment.text.split(/\s+/).length, 0)).toBeGreaterThanOrEqual(9_000);
    const notes = extractNotes({ segments: hour, language: "en", template: "general_meeting" });
    expect(extractNotes({ segments: hour, language: "en", template: "general_meeting" })).toEqual(notes);
    expect(notes.chapters).toHaveLength(8);
    expectChaptersInOrder(notes, hour);
    expect(aiNotesContent.safeParse(notes).success).toBe(true);
  });

  it("reads curly apostrophes as ASR writes them, and works for a language with no cue list", () => {
    const segments = [
      { start: 0, end: 5, text: "I\u2019ll send the contract to legal by Friday.", speaker: "Sam" },
      { start: 6, end: 9, text: "We decided to sign it next week.", speaker: "Kim" },
    ];
    const notes = extractNotes({ segments, language: "fr", template: "general_meeting" });
    expect(notes.actionItems).toEqual([{ text: "I\u2019ll send the contract to legal by Friday.", owner: "Sam", due: "by Friday" }]);
    expect(notes.decisions).toEqual(["We decided to sign it next week."]);
  });
});

describe("cue phrases", () => {
  it("quotes due dates as said, in each language", () => {
    expect(findDue("send it by March 3rd please", ["en"])).toBe("by March 3rd");
    expect(findDue("the review is due on the 15th", ["en"])).toBe("on the 15th");
    expect(findDue("ship it in two weeks", ["en"])).toBe("in two weeks");
    expect(findDue("lo necesito para el próximo lunes", ["es"])).toBe("para el próximo lunes");
    expect(findDue("antes de fin de mes", ["es"])).toBe("antes de fin de mes");
    expect(findDue("entrego até o fim do mês", ["pt"])).toBe("até o fim do mês");
    expect(findDue("na segunda a gente vê", ["pt"])).toBe("na segunda");
    // "segunda" alone is "second", not Monday; "may" alone is a verb.
    expect(findDue("é a segunda vez", ["pt"])).toBeNull();
    expect(findDue("we may need more time", ["en"])).toBeNull();
  });

  it("knows who owns a task, and that a weekday or a pronoun is no one", () => {
    expect(findActionItem("can you, Ana, review the slides?", "Bob", ["en"])).toEqual({ owner: "Ana", due: null });
    expect(findActionItem("Monday will be busy for the team.", "Bob", ["en"])).toBeNull();
    expect(findActionItem("Everyone will get the slides tomorrow.", "Bob", ["en"])).toBeNull();
    expect(findActionItem("I think the slides look fine.", "Bob", ["en"])).toBeNull();
    expect(findActionItem("Vou dizer uma coisa sobre os slides.", "Rui", ["pt"])).toBeNull();
    expect(findActionItem("Voy a decir algo importante.", "Rui", ["es"])).toBeNull();
  });
});

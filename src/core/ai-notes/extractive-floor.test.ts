import { describe, expect, it } from "vitest";
import { aiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import { type ExtractNotesSegment, extractNotes } from "./extractive";
import { englishMeeting, portugueseMeeting, spanishMeeting } from "./extractive-test-transcripts";
import { capLength } from "./extractive-trim";

// The offline floor on what an engine without punctuation writes (pocketsphinx, Vosk): one lowercase block
// per segment, with word timings. Sentences come from the pauses; no item is longer than a sentence; what
// the meeting decided and who does what by when is found in en, es and pt. Due dates resolve against the
// meeting's date (Wednesday 25 November 2026).

const meetingDate = new Date("2026-11-25T10:00:00Z");

/** One unpunctuated segment: sentences spoken at 0.3 s a word, 0.1 s between words, 0.9 s between sentences. */
function unpunctuated(sentences: readonly string[], { from = 0, speaker = null as string | null } = {}): ExtractNotesSegment {
  let clock = from;
  const words = sentences.flatMap((sentence, at) => {
    if (at > 0) clock += 0.8;
    return sentence.split(" ").map((word) => {
      const timed = { start: clock, end: clock + 0.3, word };
      clock += 0.4;
      return timed;
    });
  });
  return { start: from, end: clock, text: sentences.join(" "), speaker, words };
}

describe("extractive notes from an engine without punctuation", () => {
  it("cuts a 22-second pocketsphinx clip into sentences: a decision, short tasks with owner and date, a short chapter", () => {
    const clip = unpunctuated([
      "okay so the launch is in two weeks and the landing page is almost done",
      "we decided to move the launch party to the office",
      "i will book the caterer by friday",
      "maria can you send the invitations tomorrow",
      "the budget stays the same as last year",
    ]);
    expect(clip.end).toBeGreaterThan(18);
    const notes = extractNotes({ segments: [clip], language: "en", template: "general_meeting", meetingDate });
    expect(aiNotesContent.parse(notes)).toEqual(notes);
    expect(notes.decisions).toEqual(["We decided to move the launch party to the office."]);
    expect(notes.actionItems).toEqual([
      { text: "I will book the caterer by friday.", owner: null, due: "2026-11-27" },
      // A name at the head of a request, capitalised as the sentence's first word, is the one addressed.
      { text: "Maria can you send the invitations tomorrow.", owner: "Maria", due: "2026-11-26" },
    ]);
    // Titled by its topics even though a 22-second clip says nothing twice, not by its first words.
    expect(notes.title).toMatch(/landing page|launch party/i);
    expect(notes.chapters).toHaveLength(1);
    expect(notes.chapters[0]?.title.length).toBeLessThanOrEqual(60);
    expect(notes.chapters[0]?.summary).not.toContain("caterer");
    expect(notes.summary.length).toBeLessThan(clip.text.length / 2);
  });

  it("gives the task to the speaker who said 'I will' and to the speaker named in a request, whatever the case", () => {
    const segments = [
      unpunctuated(["we agreed to drop the old dashboard", "i'll write the migration guide by next week"], { speaker: "Sam" }),
      unpunctuated(["kim can you check the billing exports today"], { from: 10, speaker: "Ana" }),
      // Said again, punctuated this time: listed once.
      { start: 12, end: 13.5, text: "We agreed to drop the old dashboard!", speaker: "Ana" },
      { start: 14, end: 15, text: "sure", speaker: "Kim", words: [{ start: 14, end: 14.4, word: "sure" }] },
    ];
    const notes = extractNotes({ segments, language: "en", template: "general_meeting", meetingDate });
    expect(notes.decisions).toEqual(["We agreed to drop the old dashboard."]);
    expect(notes.actionItems).toEqual([
      { text: "I'll write the migration guide by next week.", owner: "Sam", due: "2026-12-04" },
      { text: "Kim can you check the billing exports today.", owner: "Kim", due: "2026-11-25" },
    ]);
  });

  it("finds a Spanish meeting's decisions and tasks without punctuation", () => {
    const segments = [
      unpunctuated(["bueno empezamos con el presupuesto", "decidimos contratar a un diseñador nuevo"], { speaker: "Lucía" }),
      unpunctuated(["yo voy a preparar la oferta para el jueves", "vamos con la agencia de madrid"], { from: 12, speaker: "Carlos" }),
      unpunctuated(["marta puedes revisar el contrato mañana"], { from: 25, speaker: "Lucía" }),
      unpunctuated(["sí claro"], { from: 30, speaker: "Marta" }),
    ];
    const notes = extractNotes({ segments, language: "es", template: "general_meeting", meetingDate });
    expect(notes.decisions).toEqual(["Decidimos contratar a un diseñador nuevo.", "Vamos con la agencia de madrid."]);
    expect(notes.actionItems).toEqual([
      { text: "Yo voy a preparar la oferta para el jueves.", owner: "Carlos", due: "2026-11-26" },
      { text: "Marta puedes revisar el contrato mañana.", owner: "Marta", due: "2026-11-26" },
    ]);
  });

  it("finds a Portuguese meeting's decisions and tasks without punctuation", () => {
    const segments = [
      unpunctuated(["ficou decidido que o lançamento vai ser em março", "combinamos testar o aplicativo com dez clientes"], {
        speaker: "Ana",
      }),
      unpunctuated(["eu vou revisar o orçamento até sexta"], { from: 12, speaker: "João" }),
      unpunctuated(["beatriz você pode mandar o relatório hoje"], { from: 18, speaker: "Ana" }),
      unpunctuated(["posso sim"], { from: 24, speaker: "Beatriz" }),
    ];
    const notes = extractNotes({ segments, language: "pt-BR", template: "general_meeting", meetingDate });
    expect(notes.decisions).toEqual([
      "Ficou decidido que o lançamento vai ser em março.",
      "Combinamos testar o aplicativo com dez clientes.",
    ]);
    expect(notes.actionItems).toEqual([
      { text: "Eu vou revisar o orçamento até sexta.", owner: "João", due: "2026-11-27" },
      { text: "Beatriz você pode mandar o relatório hoje.", owner: "Beatriz", due: "2026-11-25" },
    ]);
  });
});

describe("extractive notes with the meeting date", () => {
  it("resolves said due dates to ISO dates in en, es and pt, and lists each decision once", () => {
    const english = extractNotes({ segments: englishMeeting, language: "en", template: "general_meeting", meetingDate });
    expect(english.actionItems.map((item) => [item.owner, item.due])).toEqual([
      ["David", "2026-11-27"],
      ["Priya", "2026-11-26"],
      ["Tom", "2026-11-27"],
      [null, "2027-04-30"],
      ["Tom", "2026-11-30"],
    ]);
    const spanish = extractNotes({ segments: spanishMeeting, language: "es", template: "general_meeting", meetingDate });
    expect(spanish.actionItems.map((item) => item.due)).toEqual(["2026-11-27", "2027-05-15", "2026-11-26", "2026-12-04"]);
    const portuguese = extractNotes({ segments: portugueseMeeting, language: "pt", template: "general_meeting", meetingDate });
    expect(portuguese.actionItems.map((item) => item.due)).toEqual(["2026-11-27", "2026-11-26", "2026-12-04"]);

    const repeated = [
      ...englishMeeting,
      ...englishMeeting.map((segment) => ({ ...segment, start: segment.start + 2000, end: segment.end + 2000 })),
    ];
    const twice = extractNotes({ segments: repeated, language: "en", template: "general_meeting", meetingDate });
    expect(twice.decisions).toEqual(english.decisions);
  });

  it("keeps a long unpunctuated run without pauses to sentence-sized items", () => {
    const words = Array.from({ length: 70 }, (_, index) => (index === 3 ? "will" : index === 2 ? "i" : `word${index}`));
    const segment = {
      start: 0,
      end: 30,
      text: words.join(" "),
      speaker: "Sam",
      words: words.map((word, index) => ({ start: index * 0.4, end: index * 0.4 + 0.3, word })),
    };
    const notes = extractNotes({ segments: [segment], language: "en", template: "general_meeting" });
    for (const item of notes.actionItems) expect(item.text.length).toBeLessThanOrEqual(120);
    for (const chapter of notes.chapters) {
      expect(chapter.title.length).toBeLessThanOrEqual(60);
      expect(chapter.summary.length).toBeLessThanOrEqual(240);
    }
  });

  it("takes 'you need to' as a task for the person addressed, in en, es and pt", () => {
    const said = (text: string, language: string, speakers: string[]) =>
      extractNotes({
        segments: [
          { start: 0, end: 5, text, speaker: speakers[0] ?? null },
          { start: 6, end: 7, text: "Okay.", speaker: speakers[1] ?? null },
        ],
        language,
        template: "general_meeting",
        meetingDate,
      }).actionItems;
    expect(said("Tom, you need to renew the domain by Friday.", "en", ["Ana", "Tom"])).toEqual([
      { text: "Tom, you need to renew the domain by Friday.", owner: "Tom", due: "2026-11-27" },
    ]);
    expect(said("Marta, tienes que llamar al banco hoy.", "es", ["Lucía", "Marta"])).toEqual([
      { text: "Marta, tienes que llamar al banco hoy.", owner: "Marta", due: "2026-11-25" },
    ]);
    expect(said("joão você precisa atualizar a planilha amanhã", "pt", ["Ana", "João"])).toEqual([
      // Lower case as an engine without punctuation writes it: the speaker's name still matches.
      { text: "João você precisa atualizar a planilha amanhã", owner: "João", due: "2026-11-26" },
    ]);
  });

  it("cuts an over-long item at a clause or a word, marked", () => {
    const long =
      "I'll send the budget spreadsheet to finance next Monday, with the designer role, the analytics vendor change and the travel plan for the offsite.";
    const capped = capLength(long, 120);
    expect(capped).toBe("I'll send the budget spreadsheet to finance next Monday, with the designer role…");
    expect(capLength("Short one.", 120)).toBe("Short one.");
    expect(capLength("a ".repeat(100).trim(), 20)).toMatch(/^(?:a ){0,9}a…$/);
  });
});

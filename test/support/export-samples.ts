import { exportLabels, exportMessageKeys } from "../../src/core/exports/labels";
import type { ExportableNote, ExportLabels, ExportSegment } from "../../src/core/exports/schema";
import { type Catalogs, loadCatalogs } from "../../src/server/i18n-catalogs";
import type { Locale } from "../../src/shared/i18n/locales";

// Notes to export in tests: a Portuguese meeting with accents, speakers, word timings and every AI-notes
// section; a 2-hour meeting; pasted text (no timeline). Labels come from the real catalogs.

let catalogs: Promise<Catalogs> | null = null;

/** The export labels of `locale` from the real notes catalog (UTC times). */
export async function catalogLabels(locale: Locale, note: ExportableNote): Promise<ExportLabels> {
  catalogs ??= loadCatalogs();
  const t = (await catalogs).getI18n(locale).getFixedT(locale, "notes");
  return exportLabels((key, values) => t(exportMessageKeys[key], values), {
    locale,
    timeZone: "UTC",
    createdAt: note.createdAt,
    durationSeconds: note.durationSeconds,
    language: note.language,
    transcriptEngine: note.transcriptEngine,
    notesEngine: note.notesEngine
      ? { engine: note.notesEngine, isExtractive: note.isExtractive, fallbackReason: note.fallbackReason }
      : null,
  });
}

export function portugueseMeeting(): ExportableNote {
  return {
    title: "Reunião de orçamento: ação e decisões",
    meetingTitle: null,
    createdAt: new Date("2026-03-03T10:15:00Z"),
    language: "pt",
    durationSeconds: 754,
    isExtractive: false,
    fallbackReason: null,
    transcriptEngine: "whisper-cpp:ggml-base.bin",
    notesEngine: "openai:gpt-4o-mini",
    aiNotes: {
      title: "Orçamento",
      summary: "A equipe revisou o orçamento de março.\n\nConceição apresentou a previsão; João pediu cortes.",
      keyPoints: ["A previsão está 5% acima", "Viagens ficam para abril"],
      decisions: ["Congelar contratações até junho"],
      actionItems: [
        { text: "Enviar a planilha revisada", owner: "João", due: "sexta-feira" },
        { text: "Rever contratos", owner: null, due: null },
      ],
      chapters: [
        { title: "Abertura", start: 0, summary: "Boas-vindas" },
        { title: "Previsão", start: 62.4, summary: "Números de março" },
      ],
    },
    segments: [
      { start: 0, end: 4.2, text: "Bom dia a todos, vamos começar.", speaker: "Conceição" },
      {
        start: 62.4,
        end: 66,
        text: "A previsão é ótima: ação até sexta, senão não dá.",
        speaker: "João",
        words: [
          { start: 62.4, end: 62.6, word: " A" },
          { start: 62.6, end: 63.1, word: " previsão" },
          { start: 63.1, end: 63.3, word: " é" },
          { start: 63.3, end: 63.8, word: " ótima:" },
          { start: 63.8, end: 64.2, word: " ação" },
          { start: 64.2, end: 64.4, word: " até" },
          { start: 64.4, end: 64.9, word: " sexta," },
          { start: 64.9, end: 65.3, word: " senão" },
          { start: 65.3, end: 65.6, word: " não" },
          { start: 65.6, end: 66, word: " dá." },
        ],
      },
      { start: 70, end: 73.5, text: "El niño pidió una piñata y un café con azúcar.", speaker: null },
    ],
  };
}

/** About 1,800 segments over 2 hours, two speakers taking turns (a long meeting's transcript). */
export function twoHourMeeting(): ExportableNote {
  const segments: ExportSegment[] = [];
  for (let start = 0; start < 7200; start += 4) {
    const n = start / 4;
    segments.push({
      start,
      end: start + 3.8,
      text: `Point ${n}: we reviewed the numbers for item ${n} and agreed to follow up with the team next week.`,
      speaker: n % 2 === 0 ? "Ana" : "Bruno",
    });
  }
  return {
    title: "Quarterly planning",
    meetingTitle: null,
    createdAt: new Date("2026-03-03T09:00:00Z"),
    language: "en",
    durationSeconds: 7200,
    isExtractive: false,
    fallbackReason: null,
    transcriptEngine: "pocketsphinx:en-us",
    notesEngine: null,
    aiNotes: null,
    segments,
  };
}

/** Pasted text: every segment sits at 0 s, so no timestamps and no subtitles. */
export function pastedText(): ExportableNote {
  return {
    title: "",
    meetingTitle: null,
    createdAt: new Date("2026-03-03T10:15:00Z"),
    language: null,
    durationSeconds: null,
    isExtractive: true,
    fallbackReason: null,
    transcriptEngine: null,
    notesEngine: "extractive",
    aiNotes: {
      title: "Ideas",
      summary: "# Not a heading\n1. not a list",
      keyPoints: ["Use *stars* and _underscores_ [literally]"],
      decisions: [],
      actionItems: [],
      chapters: [],
    },
    segments: [
      { start: 0, end: 0, text: "First paragraph.", speaker: null },
      { start: 0, end: 0, text: "- Second paragraph, which starts like a list item.", speaker: null },
    ],
  };
}

import { z } from "zod";

// Which spoken languages the configured speech engine transcribes (issue 17): the upload, recording and
// meeting forms and the onboarding language step offer these and nothing else, so a person cannot pick a
// language that would end as `transcription_language_not_supported`.

/** Offered when the engine takes any language: the ones most people here speak, in menu order. */
export const commonSpokenLanguages = ["en", "es", "pt", "fr", "de", "it", "nl", "ja"] as const;

/** What `GET /api/transcription/languages` answers. */
export const transcriptionLanguagesSchema = z
  .object({
    /** ISO 639-1 codes in menu order; empty when no speech engine is set up. */
    languages: z.array(z.string()),
    /** The engine detects the spoken language itself: the menus add "Detect automatically". */
    canDetect: z.boolean(),
  })
  .meta({ id: "TranscriptionLanguages" });
export type TranscriptionLanguages = z.infer<typeof transcriptionLanguagesSchema>;

/** The menus' languages for an engine that transcribes `languages` ("any", or a list of codes). */
export function transcriptionLanguagesOf(languages: readonly string[] | "any"): TranscriptionLanguages {
  if (languages === "any") return { languages: [...commonSpokenLanguages], canDetect: true };
  const codes = [...new Set(languages)];
  // One language is no choice to detect: everything is transcribed as that language.
  return { languages: codes, canDetect: codes.length > 1 };
}

/**
 * The note was read as English because the engine that wrote it transcribes English only (issue 19): its
 * page says so beside the transcript, whatever language was asked for ("auto" on such an engine is
 * English). Engine ids as `notes.transcript_engine` keeps them: pocketsphinx has an English model only;
 * Whisper's English-only checkpoints end in `.en` (`whisper-cpp:ggml-base.en.bin`, `openai-compatible:tiny.en`).
 */
export function isTranscribedByEnglishOnlyEngine(transcriptEngine: string | null, language: string | null): boolean {
  if (!transcriptEngine || (language !== null && language !== "en")) return false;
  return /^pocketsphinx(:|$)/.test(transcriptEngine) || /\.en(\.bin)?$/i.test(transcriptEngine);
}

import type { SpokenLanguageDecision } from "~/core/transcription/spoken-language";
import { requestLocale } from "~/shared/i18n/request-locale";
import { AppError } from "./api-error";

/** A language's name in the reader's language ("Spanish", "espanhol"); the code when ICU does not know it. */
function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The 400 for media in a language the speech engine cannot transcribe (issue 19), raised before anything
 * is stored or counted: it names the language and what the engine does, in the reader's language, and
 * carries the codes for clients.
 */
export function unsupportedLanguageError(decision: Extract<SpokenLanguageDecision, { kind: "unsupported" }>, headers: Headers): AppError {
  const locale = requestLocale(headers);
  const names = new Intl.ListFormat([locale], { type: "disjunction" }).format(decision.supported.map((code) => languageName(code, locale)));
  return new AppError("TRANSCRIPTION_LANGUAGE_UNSUPPORTED", undefined, {
    language: decision.language,
    supportedLanguages: decision.supported.join(","),
    languageName: languageName(decision.language, locale),
    supportedNames: names,
  });
}

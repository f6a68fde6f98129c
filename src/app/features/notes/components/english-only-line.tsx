import { useTranslation } from "react-i18next";
import { isTranscribedByEnglishOnlyEngine } from "~/shared/notes/transcription-languages";

/**
 * "Transcribed as English: this server transcribes English only" (issue 19): a meeting in another language
 * on an English-only engine reads as English nonsense, and the note says why instead of leaving it unexplained.
 */
export function EnglishOnlyLine({ transcriptEngine, language }: { transcriptEngine: string | null; language: string | null }) {
  const { t } = useTranslation("notes");
  if (!isTranscribedByEnglishOnlyEngine(transcriptEngine, language)) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="english-only-line">
      {t("engines.englishOnly")}
    </p>
  );
}

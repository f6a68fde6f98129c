import { type SpeechEngine, selectableLanguagesOf } from "~/infra/speech/speech-engine";
import { type TranscriptionLanguages, transcriptionLanguagesOf } from "~/shared/notes/transcription-languages";

/** The spoken languages the menus offer for this engine: what it is sure to transcribe (issue 17). */
export function offeredLanguages(engine: SpeechEngine): TranscriptionLanguages {
  return transcriptionLanguagesOf(selectableLanguagesOf(engine));
}

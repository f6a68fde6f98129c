import { type SpeechEngine, selectableLanguagesOf } from "~/infra/speech/speech-engine";
import { type TranscriptionLanguages, transcriptionLanguagesOf } from "~/shared/notes/transcription-languages";
import type { EngineLanguages } from "./spoken-language";

/** The spoken languages the menus offer for this engine: what it is sure to transcribe (issue 17). */
export function offeredLanguages(engine: SpeechEngine): TranscriptionLanguages {
  return transcriptionLanguagesOf(selectableLanguagesOf(engine));
}

/** What new media is checked against (issue 19): what the engine is sure to do, and what the one in use does. */
export function spokenLanguagesOf(engine: SpeechEngine): EngineLanguages {
  return { sure: selectableLanguagesOf(engine), current: engine.languages };
}

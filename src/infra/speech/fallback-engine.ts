import { type SpeechEngine, SpeechEngineError, selectableLanguagesOf } from "./speech-engine";

/**
 * An engine that starts as `primary` and switches to `fallback` for good if the primary cannot start
 * before it has ever worked: the default whisper.cpp model downloads on first use, which fails on a
 * machine without internet, where an installed pocketsphinx still transcribes English. After one
 * success the primary is trusted and its errors are its own (the job retries them). `id` and
 * `languages` follow the engine in use, so chunk checkpoints never mix the two engines' output; the
 * menus offer only the languages both engines do until one of them is settled.
 */
export function withFallback(
  primary: SpeechEngine,
  fallback: SpeechEngine,
  onSwitch: (error: SpeechEngineError) => void = () => {},
): SpeechEngine {
  let current = primary;
  let hasPrimaryWorked = false;
  return {
    get id() {
      return current.id;
    },
    get languages() {
      return current.languages;
    },
    // Until the primary has worked once, only what both engines do is sure to be transcribed.
    get selectableLanguages() {
      if (current === fallback || hasPrimaryWorked) return selectableLanguagesOf(current);
      return commonLanguages(selectableLanguagesOf(primary), selectableLanguagesOf(fallback));
    },
    get hasWordTimes() {
      return current.hasWordTimes;
    },
    async transcribe(wavPath, options) {
      if (current === fallback) return fallback.transcribe(wavPath, options);
      try {
        const result = await primary.transcribe(wavPath, options);
        hasPrimaryWorked = true;
        return result;
      } catch (error) {
        const cannotStart = error instanceof SpeechEngineError && (error.code === "ENGINE_UNAVAILABLE" || error.code === "ENGINE_FAILED");
        if (hasPrimaryWorked || !cannotStart) throw error;
        current = fallback;
        onSwitch(error);
        return fallback.transcribe(wavPath, options);
      }
    },
  };
}

function commonLanguages(a: readonly string[] | "any", b: readonly string[] | "any"): readonly string[] | "any" {
  if (a === "any") return b;
  if (b === "any") return a;
  return a.filter((code) => b.includes(code));
}

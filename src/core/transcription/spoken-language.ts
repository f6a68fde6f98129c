// Language honesty (issue 19): the spoken language of a new upload, recording, YouTube link or meeting is
// checked against what the speech engine transcribes before anything is stored or counted, and "auto" on an
// engine that knows one language means that language, stored as such, rather than nonsense labelled later.

export type SpokenLanguageDecision =
  /** `language` is what the note stores: the code asked for, the engine's only language, or null (detect). */
  { kind: "accepted"; language: string | null } | { kind: "unsupported"; language: string; supported: readonly string[] };

/** "es-MX" and "ES" are "es" to the engines. */
function baseCode(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? language;
}

/**
 * What the engine transcribes: `sure` is what it is sure to do (the menus' languages: an engine that may
 * still fall back to another offers only what both do), `current` what the engine in use does. A plain
 * list or "any" is both.
 */
export type EngineLanguages = readonly string[] | "any" | { sure: readonly string[] | "any"; current: readonly string[] | "any" };

/**
 * What the note's language is for an engine that transcribes `engine` when the person asked for
 * `requested` (null, undefined or "auto": let the engine decide). An engine that knows no language at all
 * is not set up: that is the transcription's failure to explain, not the language's.
 */
export function decideSpokenLanguage(engine: EngineLanguages, requested: string | null | undefined): SpokenLanguageDecision {
  const { sure, current } = typeof engine === "object" && "sure" in engine ? engine : { sure: engine, current: engine };
  if (!requested || requested === "auto") {
    // One language leaves nothing to detect: everything is transcribed as that language, and the note says
    // so. Judged on the engine in use: a multilingual one still waiting for its model keeps "auto".
    const codes = current === "any" ? [] : [...new Set(current.map(baseCode))];
    return { kind: "accepted", language: codes.length === 1 ? (codes[0] ?? null) : null };
  }
  const code = baseCode(requested);
  if (sure === "any") return { kind: "accepted", language: code };
  const supported = [...new Set(sure.map(baseCode))];
  if (supported.length === 0 || supported.includes(code)) return { kind: "accepted", language: code };
  return { kind: "unsupported", language: code, supported };
}

import type { TranscriptionLanguages } from "~/shared/notes/transcription-languages";

export interface SpokenLanguageMenu {
  /** Offer "Detect automatically" (its value is the caller's `autoValue`). */
  canDetect: boolean;
  languages: string[];
  /** The choice the menu shows: `value` when offered, else the first choice there is. */
  shown: string;
  /** The engine does one language only: the menu says so beside it. */
  onlyLanguage: string | null;
  /** No speech engine is set up: there is nothing to choose. */
  isEmpty: boolean;
}

/**
 * A spoken-language menu for what the engine transcribes (`null` while it is being read: detection
 * only, which every engine accepts). A value the engine cannot do is never shown as chosen.
 */
export function spokenLanguageMenu(offered: TranscriptionLanguages | null, value: string, autoValue: string): SpokenLanguageMenu {
  const canDetect = offered?.canDetect ?? true;
  const languages = offered?.languages ?? [];
  const isOffered = languages.includes(value) || (canDetect && value === autoValue);
  const shown = isOffered ? value : canDetect ? autoValue : (languages[0] ?? autoValue);
  return {
    canDetect,
    languages,
    shown,
    onlyLanguage: !canDetect && languages.length === 1 ? (languages[0] ?? null) : null,
    isEmpty: offered !== null && languages.length === 0,
  };
}

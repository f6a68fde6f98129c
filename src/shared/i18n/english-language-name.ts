/**
 * English name of a language code ("es" -> "Spanish"), as language-model prompts name the language to
 * write in; the code itself when unknown. "pt" is the product's Brazilian Portuguese (the pt locale).
 */
export function englishLanguageName(code: string): string {
  if (code === "pt") return "Brazilian Portuguese";
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

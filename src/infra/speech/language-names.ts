// OpenAI's verbose_json names the language it identified in English ("spanish"); servers behind the same
// API (faster-whisper, whisper.cpp's server) may answer a code ("es"). Every Whisper language is read
// back to its ISO code so a note on "auto" stores what the engine heard (issue 19), not "und".

/** Whisper's languages (openai/whisper tokenizer.py), by code. */
const whisperCodes =
  "en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ba jw su yue".split(
    " ",
  );

/** Whisper's own names where they differ from the usual English one, and its aliases. */
const whisperAliases: Record<string, string> = {
  maori: "mi",
  myanmar: "my",
  burmese: "my",
  nynorsk: "nn",
  javanese: "jw",
  castilian: "es",
  flemish: "nl",
  valencian: "ca",
  moldavian: "ro",
  moldovan: "ro",
  letzeburgesch: "lb",
  pushto: "ps",
  panjabi: "pa",
  sinhalese: "si",
  haitian: "ht",
  mandarin: "zh",
};

let byName: Map<string, string> | null = null;

function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  byName = new Map(Object.entries(whisperAliases));
  for (const code of whisperCodes) {
    const name = names.of(code)?.toLowerCase();
    if (name && name !== code && !byName.has(name)) byName.set(name, code);
  }
  return byName;
}

/** The ISO code of a language an engine named ("Spanish", "es", "pt-BR"); null when it is not one. */
export function languageCodeOf(answer: string | undefined): string | null {
  const named = answer?.trim().toLowerCase();
  if (!named) return null;
  if (/^[a-z]{2,3}([-_][a-z0-9]+)?$/.test(named)) {
    const code = named.split(/[-_]/)[0] ?? named;
    return code === "und" ? null : code;
  }
  return namesToCodes().get(named) ?? null;
}

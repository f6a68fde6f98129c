// Small text helpers for the extractive notes: keeping a quoted item short, and finding who a request is
// addressed to when the engine wrote names in lower case (pocketsphinx, Vosk: "maria can you send it").

/**
 * `text` cut to at most `max` characters: at the last clause break (comma, semicolon, colon, dash) that
 * keeps at least half of it, else at the last word boundary, marked with "…". Shorter text comes back as is.
 */
export function capLength(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const room = trimmed.slice(0, max - 1);
  const clause = Math.max(room.lastIndexOf(", "), room.lastIndexOf("; "), room.lastIndexOf(": "), room.lastIndexOf(" – "));
  const space = room.lastIndexOf(" ");
  const cut = clause >= max / 2 ? clause : space > 0 ? space : room.length;
  return `${room.slice(0, cut).replace(/[\s,;:–-]+$/u, "")}…`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Requests to a person: "can you", "could you", "please", "puedes", "podrías", "você pode", "pode"... */
const request =
  "(?:can you|could you|would you|please|you need to|puedes|podr[íi]as|por favor|tienes que|voc[êe] (?:pode|consegue|poderia|precisa)|pode)";

/**
 * The meeting's speaker a request is addressed to ("maria can you send…", "can you maria send…"), matched
 * whatever the case; null when the sentence names none. Generic labels ("Speaker 2") are never addressed.
 */
export function addressedSpeaker(text: string, speakers: readonly string[]): string | null {
  for (const speaker of speakers) {
    if (/^(?:speaker|hablante|falante|orador)\s*\d+$/iu.test(speaker.trim())) continue;
    const first = escapeRegExp(speaker.trim().split(/\s+/)[0] ?? "");
    if (first.length < 2) continue;
    const name = `(?:${escapeRegExp(speaker.trim())}|${first})`;
    const before = new RegExp(`(?<![\\p{L}])${name},?\\s+(?:¿\\s*)?${request}(?![\\p{L}])`, "iu");
    const after = new RegExp(`(?<![\\p{L}])${request},?\\s+${name}(?![\\p{L}])`, "iu");
    if (before.test(text) || after.test(text)) return speaker;
  }
  return null;
}

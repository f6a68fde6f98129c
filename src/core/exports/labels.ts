import { notesEngineLine, transcriptEngineLine } from "~/shared/ai-notes/engine-labels";
import type { ExportLabels } from "./schema";

/** Looks up a message of the notes catalog's `export.` group (the caller binds the reader's language). */
export type ExportTranslate = (key: keyof typeof exportMessageKeys, values?: Record<string, string>) => string;

/** The catalog keys (`notes` namespace, under `export.`) the exports read. */
export const exportMessageKeys = {
  untitled: "export.untitled",
  created: "export.created",
  duration: "export.duration",
  language: "export.language",
  extractive: "export.extractive",
  transcribedBy: "engines.transcribedBy",
  fromCaptions: "engines.fromCaptions",
  notesBy: "engines.notesBy",
  notesFallback: "engines.notesFallback",
  summary: "export.summary",
  keyPoints: "export.keyPoints",
  decisions: "export.decisions",
  actionItems: "export.actionItems",
  owner: "export.owner",
  due: "export.due",
  chapters: "export.chapters",
  transcript: "export.transcript",
  emptyTranscript: "export.emptyTranscript",
} as const;

/**
 * A length in the reader's language, spec section 9: seconds only under a minute ("45 s"), else
 * minutes ("12 min"), with hours from an hour on ("1 h 5 min", "2 h").
 */
export function formatDuration(seconds: number, locale: string): string {
  const unit = (value: number, name: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return unit(whole, "second");
  const minutes = Math.round(whole / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/** The language's name in the reader's language ("Spanish", "español"); the code itself if unknown. */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether `zone` is an IANA time zone this runtime knows (query strings are checked with it). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every heading and fact line of an export, translated and formatted for one reader. */
export function exportLabels(
  translate: ExportTranslate,
  {
    locale,
    timeZone,
    createdAt,
    durationSeconds,
    language,
    transcriptEngine = null,
    notesEngine = null,
  }: {
    locale: string;
    /** The reader's IANA zone for the creation time; UTC when the browser did not say. */
    timeZone: string;
    createdAt: Date;
    durationSeconds: number | null;
    language: string | null;
    /** `notes.transcript_engine`, when known. */
    transcriptEngine?: string | null;
    /** How the exported AI notes were written; null when the export holds none. */
    notesEngine?: { engine: string; isExtractive: boolean; fallbackReason: string | null } | null;
  },
): ExportLabels {
  const transcript = transcriptEngineLine(transcriptEngine);
  const notes = notesEngine ? notesEngineLine(notesEngine) : null;
  const engines = [
    transcript?.kind === "transcribedBy" ? translate("transcribedBy", { engine: transcript.engine }) : null,
    transcript?.kind === "fromCaptions" ? translate("fromCaptions") : null,
    // Extracted highlights say so in their own notice under the title (`extractive`, `notesFallback`).
    notes?.kind === "notesBy" ? translate("notesBy", { model: notes.model }) : null,
  ].filter((part): part is string => part !== null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }).format(createdAt);
  return {
    untitled: translate("untitled"),
    created: translate("created", { date }),
    duration: durationSeconds && durationSeconds > 0 ? translate("duration", { duration: formatDuration(durationSeconds, locale) }) : null,
    language: language ? translate("language", { language: languageName(language, locale) }) : null,
    extractive: translate("extractive"),
    notesFallback: translate("notesFallback"),
    engines: engines.length > 0 ? engines.join(" · ") : null,
    summary: translate("summary"),
    keyPoints: translate("keyPoints"),
    decisions: translate("decisions"),
    actionItems: translate("actionItems"),
    owner: translate("owner"),
    due: translate("due"),
    chapters: translate("chapters"),
    transcript: translate("transcript"),
    emptyTranscript: translate("emptyTranscript"),
  };
}

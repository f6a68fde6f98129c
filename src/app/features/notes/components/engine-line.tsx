import { useTranslation } from "react-i18next";
import type { AiNotes } from "~/shared/ai-notes/ai-notes-api";
import { notesEngineLine, transcriptEngineLine } from "~/shared/ai-notes/engine-labels";

/**
 * Which engine and model wrote the transcript and the notes (issue 19): "Transcribed by whisper.cpp · base
 * · Notes by gpt-4o-mini", or that the notes are extracted highlights. Nothing when neither is known.
 */
export function EngineLine({
  transcriptEngine,
  aiNotes,
}: {
  transcriptEngine: string | null;
  aiNotes: Pick<AiNotes, "engine" | "isExtractive" | "fallbackReason"> | null;
}) {
  const { t } = useTranslation("notes");
  const transcript = transcriptEngineLine(transcriptEngine);
  const notes = aiNotes ? notesEngineLine(aiNotes) : null;
  const parts = [
    transcript?.kind === "transcribedBy" ? t("engines.transcribedBy", { engine: transcript.engine }) : null,
    transcript?.kind === "fromCaptions" ? t("engines.fromCaptions") : null,
    notes?.kind === "notesBy" ? t("engines.notesBy", { model: notes.model }) : null,
    notes && notes.kind !== "notesBy" ? t(`engines.${notes.kind}`) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="engine-line">
      {parts.join(" · ")}
    </p>
  );
}

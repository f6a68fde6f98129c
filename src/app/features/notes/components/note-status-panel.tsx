import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formProblem } from "~/app/features/shell/error-message";
import { ProgressBar } from "~/app/ui/progress-bar";
import type { NoteView } from "~/shared/notes/notes-api";
import { canRetryTranscription } from "~/shared/notes/statuses";
import { retryTranscription } from "../queries";

/** While transcribing: progress; after a failure or no transcript: the reason and, when allowed, retry. */
export function NoteStatusPanel({ note, onRetried }: { note: NoteView; onRetried(note: NoteView): void }) {
  const { t } = useTranslation("notes");
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const { transcriptionCode: code, transcriptionError: reason, transcriptionProgress: progress } = note.data;
  if (!code || code === "transcription_ready") return null;
  if (code === "transcription_in_progress") {
    return (
      <div className="card space-y-2" role="status">
        <p className="text-sm">
          {t(
            `progress.${note.data.type === "text" || note.data.type === "document" || note.data.type === "youtube" ? note.data.type : "media"}`,
          )}
        </p>
        {progress !== null ? <ProgressBar label={t("progress.label")} percent={progress} /> : null}
      </div>
    );
  }
  const handleRetry = async () => {
    setPending(true);
    setProblem(null);
    try {
      onRetried(await retryTranscription(note.id));
    } catch (error) {
      setProblem(formProblem(error, t("failure.retryFailed")));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="card space-y-3 border-amber-300 dark:border-amber-800" role="alert">
      <p className="text-sm">{t(`failure.${reason ?? "internal"}`, { defaultValue: t("failure.internal") })}</p>
      {problem ? <p className="text-sm text-red-700 dark:text-red-300">{problem}</p> : null}
      {canRetryTranscription(code) ? (
        <button type="button" className="btn-secondary" onClick={() => void handleRetry()} disabled={isPending}>
          {t("failure.retry")}
        </button>
      ) : null}
    </div>
  );
}

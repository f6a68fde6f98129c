import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ProgressBar } from "~/app/ui/progress-bar";
import type { AiNotes, AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import type { NoteView } from "~/shared/notes/notes-api";
import { transcriptOutlook } from "~/shared/notes/statuses";
import { AiNotesEditor } from "./ai-notes-editor";
import { AiNotesView } from "./ai-notes-view";
import { EngineLine } from "./engine-line";
import { EnglishOnlyLine } from "./english-only-line";
import { RegenerateNotesForm } from "./regenerate-notes-form";

export type AiNotesHolder = { state: "loading" } | { state: "error" } | { state: "success"; aiNotes: AiNotes | null };

/**
 * The owner's AI notes: the job's status live (progress, or the reason it failed with a way to try
 * again), the notes, an edit mode and regenerate with a template.
 */
export function AiNotesPanel({
  note,
  holder,
  hasTimes,
  onSeek,
  onSave,
  onQueued,
  onReload,
}: {
  note: NoteView;
  holder: AiNotesHolder;
  hasTimes: boolean;
  onSeek?(seconds: number): void;
  onSave(content: AiNotesContent): Promise<void>;
  onQueued(note: NoteView): void;
  onReload(): void;
}) {
  const { t } = useTranslation("notes");
  const [isEditing, setEditing] = useState(false);
  const { notesStatus, notesProgress, notesError, transcriptionCode } = note.data;
  const aiNotes = holder.state === "success" ? holder.aiNotes : null;
  const isTranscriptReady = transcriptionCode === "transcription_ready";

  let body: React.ReactNode;
  if (notesStatus === "notes_in_progress") {
    body = (
      <div className="space-y-2" role="status" data-testid="ai-notes-status" data-status={notesStatus}>
        {/* Issue 19: the job waits for the language model's first-run download; the percent is the download's. */}
        <p className="text-sm">
          {notesError === "waiting_for_model" ? t("aiNotes.waitingForModel", { percent: notesProgress ?? 0 }) : t("aiNotes.inProgress")}
        </p>
        <ProgressBar label={t("aiNotes.progressLabel")} percent={notesProgress ?? 0} />
      </div>
    );
  } else if (notesStatus === "notes_failed") {
    body = (
      <div className="space-y-3" role="alert" data-testid="ai-notes-status" data-status={notesStatus}>
        <p className="text-sm">{t(`notesFailure.${notesError ?? "internal"}`, { defaultValue: t("aiNotes.failed") })}</p>
        <RegenerateNotesForm noteId={note.id} submitLabel={t("aiNotes.tryAgain")} onQueued={onQueued} />
      </div>
    );
  } else if (holder.state === "loading") {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">{t("aiNotes.loading")}</p>;
  } else if (holder.state === "error") {
    body = (
      <div className="space-y-2" role="alert">
        <p className="text-sm">{t("aiNotes.loadFailed")}</p>
        <button type="button" className="btn-secondary" onClick={onReload}>
          {t("note.retry")}
        </button>
      </div>
    );
  } else if (aiNotes && isEditing) {
    body = (
      <AiNotesEditor
        content={aiNotes.content}
        onCancel={() => setEditing(false)}
        onSave={async (content) => {
          await onSave(content);
          setEditing(false);
        }}
      />
    );
  } else if (aiNotes) {
    body = (
      <AiNotesView
        content={aiNotes.content}
        isExtractive={aiNotes.isExtractive}
        fallbackReason={aiNotes.fallbackReason}
        hasTimes={hasTimes}
        onSeek={onSeek}
      />
    );
  } else if (isTranscriptReady) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("aiNotes.none")}</p>
        <RegenerateNotesForm noteId={note.id} submitLabel={t("aiNotes.generate")} onQueued={onQueued} />
      </div>
    );
  } else {
    // Promise AI notes only while a transcript is on its way (one status rule with the badge).
    const isComing = transcriptOutlook(note.data) === "coming";
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="ai-notes-placeholder">
        {t(isComing ? "aiNotes.waitingForTranscript" : "aiNotes.noTranscript")}
      </p>
    );
  }

  const canChange = aiNotes !== null && !isEditing && notesStatus !== "notes_in_progress" && notesStatus !== "notes_failed";
  return (
    <section aria-labelledby="ai-notes-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="ai-notes-title" className="text-lg font-semibold">
          {t("aiNotes.title")}
        </h2>
        {aiNotes ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{t(`templates.${aiNotes.template}`)}</span>
        ) : null}
        {aiNotes?.isEdited ? <span className="text-xs text-slate-600 dark:text-slate-400">{t("aiNotes.edited")}</span> : null}
        {canChange ? (
          <button type="button" className="btn-secondary ml-auto" onClick={() => setEditing(true)}>
            {t("aiNotes.editButton")}
          </button>
        ) : null}
      </div>
      {body}
      <EngineLine
        transcriptEngine={note.data.transcriptEngine}
        aiNotes={aiNotes && notesStatus !== "notes_in_progress" && notesStatus !== "notes_failed" ? aiNotes : null}
      />
      <EnglishOnlyLine transcriptEngine={note.data.transcriptEngine} language={note.data.language} />
      {canChange && aiNotes ? (
        <details className="border-t border-slate-200 pt-3 dark:border-slate-800">
          <summary className="cursor-pointer text-sm font-medium">{t("aiNotes.regenerate")}</summary>
          <div className="mt-3 space-y-2">
            <p className="text-xs text-slate-600 dark:text-slate-400">{t("aiNotes.regenerateHint")}</p>
            <RegenerateNotesForm
              noteId={note.id}
              initialTemplate={aiNotes.template}
              submitLabel={t("aiNotes.regenerate")}
              onQueued={onQueued}
            />
          </div>
        </details>
      ) : null}
    </section>
  );
}

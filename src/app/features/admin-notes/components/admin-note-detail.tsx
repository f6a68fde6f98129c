import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AiNotesView } from "~/app/features/notes/components/ai-notes-view";
import { TranscriptView } from "~/app/features/notes/components/transcript-view";
import type { AdminNoteDetail, AdminRetryWhat } from "~/shared/admin/admin-notes-api";
import { retryAdminNote } from "../queries";
import { AdminNoteStatusText } from "./admin-note-status-text";

const sectionClass = "space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700";

/** One Retry button: pending while the call runs, or the error, said in a live region (the queued line is the parent's: the button goes once the part is no longer failed). */
function RetryButton({ detail, what, onQueued }: { detail: AdminNoteDetail; what: AdminRetryWhat; onQueued(what: AdminRetryWhat): void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "pending" | "failed">("idle");
  async function retry() {
    setState("pending");
    try {
      await retryAdminNote(detail.ownerId, detail.note.id, what);
      setState("idle");
      onQueued(what);
    } catch {
      setState("failed");
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
        disabled={state === "pending"}
        onClick={retry}
      >
        {t(`adminNotes.retry.${what}`)}
      </button>
      <span role="status" className="text-sm">
        {state === "pending" && t("adminNotes.retry.pending")}
        {state === "failed" && t("adminNotes.retry.failed")}
      </span>
    </div>
  );
}

/**
 * A user's note for admins, read-only (issue 20): status, transcript and AI notes through the reader
 * components, the bot's status history, pg-boss job attempts with failure reasons, and retries of a failed part.
 */
export function AdminNoteDetailView({ detail, onChanged }: { detail: AdminNoteDetail; onChanged(): void }) {
  const { t, i18n } = useTranslation();
  const { data } = detail.note;
  const [queued, setQueued] = useState<AdminRetryWhat | null>(null);
  const onQueued = (what: AdminRetryWhat) => {
    setQueued(what);
    onChanged();
  };
  const hasTimes = !["text", "document"].includes(data.type);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "medium" }) : "—";
  return (
    <div className="space-y-4">
      <section className={sectionClass} aria-labelledby="admin-note-status">
        <h2 id="admin-note-status" className="font-semibold">
          {t("adminNotes.statusHeading")}
        </h2>
        <p className="text-sm">{detail.ownerEmail}</p>
        <AdminNoteStatusText row={data} />
        {data.transcriptionCode === "transcription_failed" && <RetryButton detail={detail} what="transcription" onQueued={onQueued} />}
        {data.notesStatus === "notes_failed" && <RetryButton detail={detail} what="notes" onQueued={onQueued} />}
        {queued && (
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300" data-testid="admin-retry-queued">
            {t("adminNotes.retry.queued")}
          </p>
        )}
      </section>
      <section className={sectionClass} aria-labelledby="admin-note-jobs">
        <h2 id="admin-note-jobs" className="font-semibold">
          {t("adminNotes.jobs")}
        </h2>
        {detail.jobs.length === 0 && <p className="text-sm">{t("adminNotes.noJobs")}</p>}
        <ul className="space-y-2 text-sm" data-testid="admin-note-jobs">
          {detail.jobs.map((job) => (
            <li key={job.id} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
              <p>
                <code>{job.queue}</code> · {job.state} ·{" "}
                {t("adminNotes.attempts", { attempt: job.retryCount + 1, limit: job.retryLimit + 1 })}
              </p>
              <p className="text-slate-500">{`${date(job.createdAt)} → ${date(job.completedAt)}`}</p>
              {job.failureReason && (
                <p className="text-red-700 dark:text-red-300">{t("adminNotes.reason", { reason: job.failureReason })}</p>
              )}
            </li>
          ))}
        </ul>
      </section>
      {detail.meetingHistory.length > 0 && (
        <section className={sectionClass} aria-labelledby="admin-note-history">
          <h2 id="admin-note-history" className="font-semibold">
            {t("adminNotes.history")}
          </h2>
          <ol className="space-y-1 text-sm">
            {detail.meetingHistory.map((entry) => (
              <li key={entry.sequence}>
                {`${date(entry.at)} · ${t(`statuses.meeting.${entry.code}`, { defaultValue: entry.code })}${entry.subcode ? ` (${entry.subcode})` : ""}`}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section className={sectionClass} aria-labelledby="admin-note-ai">
        <h2 id="admin-note-ai" className="font-semibold">
          {t("adminNotes.aiNotes")}
        </h2>
        {detail.aiNotes ? (
          <>
            <p className="text-xs text-slate-500">{t("adminNotes.engine", { engine: detail.aiNotes.engine })}</p>
            <AiNotesView
              content={detail.aiNotes.content}
              isExtractive={detail.aiNotes.isExtractive}
              fallbackReason={detail.aiNotes.fallbackReason}
              hasTimes={false}
            />
          </>
        ) : (
          <p className="text-sm">{t("adminNotes.noAiNotes")}</p>
        )}
      </section>
      <section className={sectionClass} aria-labelledby="admin-note-transcript">
        <h2 id="admin-note-transcript" className="font-semibold">
          {t("adminNotes.transcript")}
        </h2>
        {detail.transcript.length > 0 ? (
          <TranscriptView segments={detail.transcript} hasTimes={hasTimes} ariaLabel={t("adminNotes.transcript")} />
        ) : (
          <p className="text-sm">{t("adminNotes.noTranscript")}</p>
        )}
      </section>
    </div>
  );
}

import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { NoteView } from "../../../core/notes/schema";
import { ApiError } from "../../api/api-client";
import { NoteStatusChip } from "../../features/notes/components/note-status-chip";
import { NoteStatusPanel } from "../../features/notes/components/note-status-panel";
import { TranscriptView } from "../../features/notes/components/transcript-view";
import { fetchNote, type TranscriptSegment } from "../../features/notes/queries";
import { useNoteEvents } from "../../features/notes/use-note-events";
import { useLocale } from "../../i18n/use-locale";
import { EmptyState } from "../../ui/empty-state";
import { Spinner } from "../../ui/spinner";

type Holder =
  | { state: "loading" }
  | { state: "success"; note: NoteView; transcript: TranscriptSegment[] }
  | { state: "missing" }
  | { state: "error" };

/** One note: title, type, display status and transcript (the player and AI notes come with the notes issue). */
export default function NotePage() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation("notes");
  const locale = useLocale();
  const { id = "" } = useParams();
  const [holder, setHolder] = useState<Holder>({ state: "loading" });

  const load = useCallback(
    (signal?: AbortSignal) => {
      setHolder({ state: "loading" });
      fetchNote(id, signal).then(
        ({ note, transcript }) => setHolder({ state: "success", note, transcript }),
        (error: unknown) => {
          if (signal?.aborted) return;
          const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
          setHolder({ state: isMissing ? "missing" : "error" });
        },
      );
    },
    [id],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  // Status changes arrive live; a note that reaches a final status brings its transcript with a re-read.
  useNoteEvents({
    onNote: (changed) => {
      if (changed.id !== id) return;
      setHolder((current) => {
        if (current.state !== "success") return current;
        const hasFinished =
          current.note.data.transcriptionCode !== changed.data.transcriptionCode &&
          changed.data.transcriptionCode !== "transcription_in_progress";
        if (hasFinished) {
          fetchNote(id).then(
            ({ note, transcript }) => setHolder({ state: "success", note, transcript }),
            () => {},
          );
        }
        return { ...current, note: changed };
      });
    },
    onReconnect: () => {
      fetchNote(id).then(
        ({ note, transcript }) => setHolder({ state: "success", note, transcript }),
        () => {},
      );
    },
  });

  if (holder.state === "loading") {
    return (
      <div className="flex items-center gap-3 py-10" role="status">
        <Spinner size="md" />
        <span>{tn("note.loading")}</span>
      </div>
    );
  }
  if (holder.state === "missing") {
    return <EmptyState title={t("pages.Note.emptyTitle")} body={t("pages.Note.emptyBody")} />;
  }
  if (holder.state === "error") {
    return (
      <EmptyState
        title={tn("note.loadFailed")}
        body=""
        action={
          <button type="button" className="btn-secondary" onClick={() => load()}>
            {tn("note.retry")}
          </button>
        }
      />
    );
  }
  const { note, transcript } = holder;
  const created = new Date(note.data.createdAt.seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <article className="space-y-6">
      <title>{`${note.data.title || t("pages.Note.title")} · Parley`}</title>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words">{note.data.title || t("pages.Note.title")}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span>{tn(`note.types.${note.data.type}`)}</span>
          <span aria-hidden="true">·</span>
          <span>{tn("note.createdAt", { date: created })}</span>
          <NoteStatusChip note={note} />
        </div>
      </header>
      <NoteStatusPanel note={note} onRetried={(next) => setHolder({ state: "success", note: next, transcript: [] })} />
      <section aria-labelledby="transcript-title" className="space-y-3">
        <h2 id="transcript-title" className="text-lg font-semibold">
          {tn("note.transcript")}
        </h2>
        {transcript.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{tn("note.emptyTranscript")}</p>
        ) : (
          <TranscriptView segments={transcript} hasTimes={note.data.type !== "text" && note.data.type !== "document"} />
        )}
      </section>
    </article>
  );
}

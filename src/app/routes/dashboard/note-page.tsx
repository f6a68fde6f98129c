import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { NoteChat } from "~/app/features/ask/components/note-chat";
import { MeetingStatusPanel } from "~/app/features/meetings/components/meeting-status-panel";
import { AiNotesPanel } from "~/app/features/notes/components/ai-notes-panel";
import { MediaPlayer } from "~/app/features/notes/components/media-player";
import { NoteActions } from "~/app/features/notes/components/note-actions";
import { NoteStatusChip } from "~/app/features/notes/components/note-status-chip";
import { NoteStatusPanel } from "~/app/features/notes/components/note-status-panel";
import { NoteTitle } from "~/app/features/notes/components/note-title";
import { SpeakerList } from "~/app/features/notes/components/speaker-list";
import { TranscriptView } from "~/app/features/notes/components/transcript-view";
import { formatDuration } from "~/app/features/notes/format-time";
import { noteDisplayTitle } from "~/app/features/notes/note-display-title";
import { useNotePage } from "~/app/features/notes/note-page/use-note-page";
import { usePlayer } from "~/app/features/notes/note-page/use-player";
import { forgetNote } from "~/app/features/notes/notes-list-cache";
import { useLocale, useLocalizedPath } from "~/app/i18n/use-locale";
import { EmptyState } from "~/app/ui/empty-state";
import { Spinner } from "~/app/ui/spinner";
import { transcriptOutlook } from "~/shared/notes/statuses";
import { timestampMs } from "~/shared/timestamp";

/** `?t=SECONDS` (citation links): where the player starts. */
function startTime(value: string | null): number | null {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * One note: the player synced with the transcript, AI notes, the in-note chat, and the owner's edits
 * (title, transcript, speakers, AI notes), sharing, copy and delete. Another note is a fresh page (the
 * player and its place never carry over).
 */
export default function NotePage() {
  const { id = "" } = useParams();
  return <NoteWorkspace key={id} id={id} />;
}

function NoteWorkspace({ id }: { id: string }) {
  const { t } = useTranslation();
  const { t: tn } = useTranslation("notes");
  const locale = useLocale();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const page = useNotePage(id);
  const seekTo = startTime(search.get("t"));
  const player = usePlayer({ initialTime: seekTo });
  const { holder, playback } = page;
  // A citation link to this same note (`?t=` changes without leaving the page) seeks the open player.
  const lastSeekTo = useRef(seekTo);
  const { seek } = player;
  useEffect(() => {
    if (seekTo !== null && seekTo !== lastSeekTo.current) seek(seekTo);
    lastSeekTo.current = seekTo;
  }, [seekTo, seek]);

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
          <button type="button" className="btn-secondary" onClick={page.reload}>
            {tn("note.retry")}
          </button>
        }
      />
    );
  }
  const { note, transcript } = holder;
  const hasTimes = note.data.type !== "text" && note.data.type !== "document";
  const canSeek = hasTimes && !playback.youtubeVideoId;
  const isFollowing = Boolean(playback.media) || player.seekCount > 0;
  const created = new Date(timestampMs(note.data.createdAt) ?? Number.NaN).toLocaleString(locale, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const speakers = [...new Set(transcript.flatMap((segment) => (segment.speaker ? [segment.speaker] : [])))];
  const aiNotesContent = page.aiNotes.state === "success" ? (page.aiNotes.aiNotes?.content ?? null) : null;
  const title = noteDisplayTitle(note.data, tn);
  return (
    <article className="space-y-6" data-testid="note-page">
      {/* An untitled note has the notes list's name here too: one name wherever it shows (issue 17). */}
      <title>{`${title || tn("list.untitled")} · Parley`}</title>
      <header className="space-y-3">
        <NoteTitle title={title} fallback={tn("list.untitled")} onRename={page.handleRename} />
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span>{tn(`note.types.${note.data.type}`)}</span>
          <span aria-hidden="true">·</span>
          <span>{tn("note.createdAt", { date: created })}</span>
          {note.data.recordingDuration ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{formatDuration(note.data.recordingDuration, tn)}</span>
            </>
          ) : null}
          <NoteStatusChip note={note} />
          {note.data.shareId ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              {tn("share.badge")}
            </span>
          ) : null}
        </div>
        <NoteActions
          note={note}
          transcript={transcript}
          aiNotes={aiNotesContent}
          hasTimes={hasTimes}
          onShareChanged={page.handleShareChanged}
          onMoved={page.replaceNote}
          onDeleted={() => {
            // The kept-alive /notes list must not show it for a moment on the way back.
            forgetNote(note.id);
            navigate(to("/notes"), { replace: true });
          }}
        />
      </header>
      {note.data.type === "meeting" ? <MeetingStatusPanel note={note} onChanged={page.replaceNote} /> : null}
      <NoteStatusPanel note={note} onRetried={page.restartTranscript} />
      {playback.media ? (
        <div className="rounded-xl border border-slate-200 bg-white/95 p-3 lg:sticky lg:top-0 lg:z-10 dark:border-slate-800 dark:bg-slate-950/95">
          <MediaPlayer src={playback.media.url} kind={playback.media.kind} player={player} />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <AiNotesPanel
            note={note}
            holder={page.aiNotes}
            hasTimes={hasTimes}
            onSeek={canSeek ? player.seek : undefined}
            onSave={page.handleSaveAiNotes}
            onQueued={page.replaceNote}
            onReload={page.reloadAiNotes}
          />
          {note.data.transcriptionCode === "transcription_ready" ? (
            <section aria-labelledby="note-chat-title" className="card space-y-3 p-4 sm:p-6">
              <h2 id="note-chat-title" className="text-lg font-semibold">
                {tn("page.chat.title")}
              </h2>
              {/* Citations seek the player; without media they still highlight the passage in the transcript. */}
              <NoteChat noteId={note.id} onSeek={hasTimes ? player.seek : () => {}} />
            </section>
          ) : null}
        </div>
        <section aria-labelledby="transcript-title" className="min-w-0 space-y-3">
          <h2 id="transcript-title" className="text-lg font-semibold">
            {tn("note.transcript")}
          </h2>
          <SpeakerList speakers={speakers} onRename={page.handleRenameSpeaker} />
          {transcript.length === 0 ? (
            // "Yet" only while a transcript is on its way (the same status rule as the badge).
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="transcript-placeholder">
              {tn(transcriptOutlook(note.data) === "coming" ? "note.emptyTranscript" : "note.noTranscript")}
            </p>
          ) : (
            <TranscriptView
              segments={transcript}
              hasTimes={hasTimes}
              currentTime={isFollowing ? player.currentTime : undefined}
              seekCount={player.seekCount}
              onSeek={canSeek ? player.seek : undefined}
              ariaLabel={tn("note.transcript")}
              youtubeVideoId={playback.youtubeVideoId}
              onSaveSegment={page.handleSaveSegment}
            />
          )}
        </section>
      </div>
    </article>
  );
}

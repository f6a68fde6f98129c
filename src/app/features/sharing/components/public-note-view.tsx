import { useTranslation } from "react-i18next";
import { AiNotesView } from "~/app/features/notes/components/ai-notes-view";
import { MediaPlayer } from "~/app/features/notes/components/media-player";
import { SpeakerList } from "~/app/features/notes/components/speaker-list";
import { TranscriptView } from "~/app/features/notes/components/transcript-view";
import { formatDuration } from "~/app/features/notes/format-time";
import { usePlayer } from "~/app/features/notes/note-page/use-player";
import type { PublicNote } from "~/shared/sharing/sharing-api";

/**
 * A note in public mode (shared links and demo notes): title, date, AI notes and transcript with the
 * player when there is media; the owner's page components without their editing controls. A demo note's
 * AI notes carry a badge (`aiNotesBadge`) saying they are an example.
 */
export function PublicNoteView({
  note,
  dateLabel,
  mediaUrl,
  aiNotesBadge,
}: {
  note: PublicNote;
  dateLabel: string;
  mediaUrl: string | null;
  aiNotesBadge?: string;
}) {
  const { t } = useTranslation("notes");
  const player = usePlayer();
  const hasTimes = note.type !== "text" && note.type !== "document";
  const media = note.media && mediaUrl ? { ...note.media, url: mediaUrl } : null;
  const canSeek = hasTimes && media !== null;
  const speakers = [...new Set(note.transcript.flatMap((segment) => (segment.speaker ? [segment.speaker] : [])))];
  return (
    <article className="space-y-6" data-testid="public-note">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words">{note.title || t("list.untitled")}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span>{t(`note.types.${note.type}`)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={note.createdAt}>{dateLabel}</time>
          {note.durationSeconds ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{formatDuration(note.durationSeconds, t)}</span>
            </>
          ) : null}
        </div>
      </header>
      {media ? (
        <div className="rounded-xl border border-slate-200 bg-white/95 p-3 lg:sticky lg:top-0 lg:z-10 dark:border-slate-800 dark:bg-slate-950/95">
          <MediaPlayer src={media.url} kind={media.kind} player={player} />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="public-ai-notes-title" className="card min-w-0 space-y-4 self-start p-4 sm:p-6">
          <h2 id="public-ai-notes-title" className="flex items-center gap-2 text-lg font-semibold">
            {t("aiNotes.title")}
            {aiNotesBadge ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/60 dark:text-amber-200">
                {aiNotesBadge}
              </span>
            ) : null}
          </h2>
          {note.aiNotes ? (
            <AiNotesView
              content={note.aiNotes.content}
              isExtractive={note.aiNotes.isExtractive}
              hasTimes={hasTimes}
              onSeek={canSeek ? player.seek : undefined}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("aiNotes.noneShared")}</p>
          )}
        </section>
        <section aria-labelledby="public-transcript-title" className="min-w-0 space-y-3">
          <h2 id="public-transcript-title" className="text-lg font-semibold">
            {t("note.transcript")}
          </h2>
          <SpeakerList speakers={speakers} />
          {note.transcript.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("note.emptyTranscript")}</p>
          ) : (
            <TranscriptView
              segments={note.transcript}
              hasTimes={hasTimes}
              currentTime={canSeek ? player.currentTime : undefined}
              seekCount={player.seekCount}
              onSeek={canSeek ? player.seek : undefined}
              ariaLabel={t("note.transcript")}
              youtubeVideoId={note.youtubeVideoId}
            />
          )}
        </section>
      </div>
    </article>
  );
}

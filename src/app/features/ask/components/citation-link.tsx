import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTimestamp } from "~/app/features/notes/format-time";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { Citation } from "~/shared/ask/ask-api";

/**
 * A cited passage: inside its own note it seeks the player; elsewhere it opens the note at that moment
 * (`/note/{id}?t=seconds`).
 */
export function CitationLink({
  citation,
  label,
  onSeek,
  noteId,
  compact = false,
}: {
  citation: Citation;
  label: string;
  onSeek?: (seconds: number) => void;
  noteId?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation("notes");
  const to = useLocalizedPath();
  const start = citation.start ?? 0;
  const name = t("ask.citation", { title: citation.noteTitle || t("ask.untitled"), time: formatTimestamp(start) });
  const className = compact
    ? "mx-0.5 inline-flex min-w-5 items-center justify-center rounded bg-indigo-100 px-1 align-super text-xs font-semibold text-indigo-800 hover:bg-indigo-200 dark:bg-indigo-900 dark:text-indigo-100"
    : "block rounded-lg border border-slate-200 p-2 text-left text-sm hover:border-indigo-400 dark:border-slate-700";
  const body = compact ? (
    label
  ) : (
    <>
      <span className="font-medium">
        {label}. {citation.noteTitle || t("ask.untitled")} · {formatTimestamp(start)}
      </span>
      <span className="mt-1 block text-slate-600 dark:text-slate-300">“{citation.quote}”</span>
    </>
  );
  if (onSeek && noteId === citation.noteId) {
    return (
      <button type="button" className={className} aria-label={name} title={name} onClick={() => onSeek(start)}>
        {body}
      </button>
    );
  }
  return (
    <Link className={className} aria-label={name} title={name} to={`${to(`/note/${citation.noteId}`)}?t=${Math.floor(start)}`}>
      {body}
    </Link>
  );
}

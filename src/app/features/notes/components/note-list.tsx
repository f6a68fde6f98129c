import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale, useLocalizedPath } from "../../../i18n/use-locale";
import { EmptyState } from "../../../ui/empty-state";
import { Spinner } from "../../../ui/spinner";
import { useNotesList } from "../use-notes-list";
import { NoteStatusChip } from "./note-status-chip";

/** The user's notes, newest first, with live statuses; `pageSize` and whether more pages can be fetched. */
export function NoteList({ pageSize = 20, canFetchMore = true }: { pageSize?: number; canFetchMore?: boolean }) {
  const { t } = useTranslation("notes");
  const locale = useLocale();
  const to = useLocalizedPath();
  const list = useNotesList({ pageSize });

  if (list.state === "loading" || list.state === "idle") {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (list.state === "error" && list.items.length === 0) {
    return (
      <div role="alert" className="card space-y-3">
        <p className="text-sm">{t("list.loadFailed")}</p>
        <button type="button" className="btn-secondary" onClick={list.refresh}>
          {t("note.retry")}
        </button>
      </div>
    );
  }
  if (list.items.length === 0) return <EmptyState title={t("list.emptyTitle")} body={t("list.emptyBody")} />;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {list.items.map((note) => (
          <li key={note.id}>
            <Link
              to={to(`/note/${note.id}`)}
              className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between dark:hover:bg-slate-900"
            >
              <span className="min-w-0 font-medium break-words">{note.data.title || t("list.untitled")}</span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                <span>{t(`note.types.${note.data.type}`)}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={new Date(note.data.createdAt.seconds * 1000).toISOString()}>
                  {new Date(note.data.createdAt.seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" })}
                </time>
                <NoteStatusChip note={note} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.state === "error" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t("list.loadFailed")}
        </p>
      ) : null}
      {canFetchMore && list.nextCursor ? (
        <div className="flex justify-center">
          <button type="button" className="btn-secondary" onClick={list.fetchMore} disabled={list.state === "fetching-more"}>
            {list.state === "fetching-more" ? t("list.loadingMore") : t("list.loadMore")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

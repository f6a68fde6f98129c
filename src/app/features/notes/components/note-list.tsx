import { useEffect, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MoveToFolder } from "~/app/features/folders/components/move-to-folder";
import { useLocale, useLocalizedPath } from "~/app/i18n/use-locale";
import { EmptyState } from "~/app/ui/empty-state";
import { Spinner } from "~/app/ui/spinner";
import { timestampMs } from "~/shared/timestamp";
import { hasActiveFilters, type ListFilters, noFilters } from "../list-filters";
import { noteDisplayTitle } from "../note-display-title";
import { readSnapshot, saveScroll } from "../notes-list-cache";
import { useNotesList } from "../use-notes-list";
import { NoteStatusChip } from "./note-status-chip";
import { NoteTypeIcon } from "./note-type-icon";

/**
 * interpretations 11: back on a kept list, scroll to where it was left. The position is restored in a
 * passive effect, which runs after the router's scroll reset (a layout effect higher up), so it wins; the
 * listener lives in a layout effect, whose cleanup runs as the page leaves, before that reset's scroll
 * event could record the next page's top as this list's position.
 */
function useKeptScroll(key: string, isEnabled: boolean) {
  useLayoutEffect(() => {
    if (!isEnabled) return;
    const handleScroll = () => saveScroll(key, window.scrollY);
    window.addEventListener("scroll", handleScroll, { passive: true });
    return () => window.removeEventListener("scroll", handleScroll);
  }, [key, isEnabled]);
  useEffect(() => {
    const keptY = isEnabled ? (readSnapshot(key)?.scrollY ?? 0) : 0;
    if (keptY > 0) window.scrollTo(0, keptY);
  }, [key, isEnabled]);
}

/**
 * The user's notes, newest first, with type icons and live statuses; searched and filtered by `filters`.
 * `keepAlive` keeps items, cursor and scroll position while away; `canMove` adds a folder menu per row.
 */
export function NoteList({
  pageSize = 20,
  canFetchMore = true,
  filters = noFilters,
  keepAlive = false,
  canMove = false,
  isFiltered = hasActiveFilters(filters),
  empty,
}: {
  pageSize?: number;
  canFetchMore?: boolean;
  filters?: ListFilters;
  keepAlive?: boolean;
  canMove?: boolean;
  /** Whether the person narrowed the list (an empty one then says "no notes match"); a folder page is not. */
  isFiltered?: boolean;
  /** What an empty list says when no search or filter is on. */
  empty?: { title: string; body: string };
}) {
  const { t } = useTranslation("notes");
  const locale = useLocale();
  const to = useLocalizedPath();
  const list = useNotesList({ pageSize, filters, keepAlive });
  useKeptScroll(list.key, keepAlive);

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
  if (list.items.length === 0) {
    if (isFiltered) return <EmptyState title={t("list.noMatchesTitle")} body={t("list.noMatchesBody")} />;
    return <EmptyState title={empty?.title ?? t("list.emptyTitle")} body={empty?.body ?? t("list.emptyBody")} />;
  }
  return (
    <div className="space-y-4">
      {list.state === "refreshing" ? (
        <p role="status" className="sr-only">
          {t("list.refreshing")}
        </p>
      ) : null}
      <ul
        aria-label={t("list.label")}
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      >
        {list.items.map((note) => {
          const title = noteDisplayTitle(note.data, t) || t("list.untitled");
          const created = new Date(timestampMs(note.data.createdAt) ?? Number.NaN);
          return (
            <li
              key={note.id}
              className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center dark:hover:bg-slate-900"
            >
              <Link to={to(`/note/${note.id}`)} className="flex min-w-0 flex-1 items-start gap-3">
                <span className="mt-0.5 text-slate-500 dark:text-slate-400">
                  <NoteTypeIcon type={note.data.type} />
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                  <span className="min-w-0 font-medium break-words">{title}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                    {/* The icon names the type for screen readers; the word is for wide screens. */}
                    <span aria-hidden="true" className="hidden sm:inline">
                      {t(`note.types.${note.data.type}`)}
                    </span>
                    <span aria-hidden="true" className="hidden sm:inline">
                      ·
                    </span>
                    <time dateTime={created.toISOString()}>
                      {created.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                    <NoteStatusChip note={note} />
                  </span>
                </span>
              </Link>
              {canMove ? (
                <div className="pl-8 sm:w-44 sm:shrink-0 sm:pl-0">
                  <MoveToFolder
                    noteId={note.id}
                    folderId={note.data.folderId}
                    label={t("list.moveLabel", { title })}
                    onMoved={list.applyNote}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
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

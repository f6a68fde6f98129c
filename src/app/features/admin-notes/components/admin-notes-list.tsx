import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { Spinner } from "~/app/ui/spinner";
import { type AdminNoteRow, type AdminNoteStatusFilter, adminNoteStatusFilters } from "~/shared/admin/admin-notes-api";
import { noteTypes } from "~/shared/notes/statuses";
import { type AdminNoteQuery, fetchAdminNotes } from "../queries";
import { AdminNoteStatusText } from "./admin-note-status-text";

type Filters = Omit<AdminNoteQuery, "cursor" | "userId">;
const fieldClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

/**
 * Notes across users for admins (issue 20), or one user's (`userId`): filters, a table that turns into
 * cards on narrow screens, and "Load more" with the API's cursor. `onOwnerEmail` hands the heading its e-mail.
 */
export function AdminNotesList({ userId, onOwnerEmail }: { userId?: string; onOwnerEmail?(email: string | null): void }) {
  const { t, i18n } = useTranslation();
  const { t: tNotes } = useTranslation("notes");
  const to = useLocalizedPath();
  const [filters, setFilters] = useState<Filters>({ failuresFirst: false });
  const [rows, setRows] = useState<AdminNoteRow[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [isLoadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setRows(null);
    setFailed(false);
    fetchAdminNotes({ ...filters, userId }, controller.signal).then(
      (page) => {
        setRows(page.items);
        setCursor(page.nextCursor);
        onOwnerEmail?.(page.ownerEmail);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [filters, userId, onOwnerEmail]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchAdminNotes({ ...filters, userId, cursor });
      setRows((current) => [...(current ?? []), ...page.items]);
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, filters, userId]);

  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-end gap-3" aria-label={t("adminNotes.filters")}>
        <label className="flex flex-col text-sm">
          {t("adminNotes.type")}
          <select className={fieldClass} value={filters.type ?? ""} onChange={(event) => set({ type: event.target.value || undefined })}>
            <option value="">{t("adminNotes.any")}</option>
            {noteTypes.map((type) => (
              <option key={type} value={type}>
                {tNotes(`note.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t("adminNotes.status")}
          <select
            className={fieldClass}
            value={filters.status ?? ""}
            onChange={(event) => set({ status: (event.target.value || undefined) as AdminNoteStatusFilter | undefined })}
          >
            <option value="">{t("adminNotes.any")}</option>
            {adminNoteStatusFilters.map((status) => (
              <option key={status} value={status}>
                {t(`adminNotes.statusFilter.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t("adminNotes.from")}
          <input
            type="date"
            className={fieldClass}
            value={filters.from ?? ""}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </label>
        <label className="flex flex-col text-sm">
          {t("adminNotes.to")}
          <input
            type="date"
            className={fieldClass}
            value={filters.to ?? ""}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={filters.failuresFirst} onChange={(event) => set({ failuresFirst: event.target.checked })} />
          {t("adminNotes.failuresFirst")}
        </label>
      </fieldset>
      {hasFailed && <p role="alert">{t("adminNotes.loadFailed")}</p>}
      {!rows && !hasFailed && <Spinner />}
      {rows?.length === 0 && <p>{t("adminNotes.empty")}</p>}
      {rows && rows.length > 0 && (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
          data-testid="admin-notes"
        >
          {/* A grid row on wide screens, a stacked card at phone width (390 px). */}
          {rows.map((row) => (
            <li
              key={row.id}
              className="grid gap-1 p-3 text-sm md:grid-cols-[2fr_2fr_1fr_2fr_1fr] md:items-center md:gap-3"
              data-testid="admin-note-row"
            >
              <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to={to(`/admin/note/${row.ownerId}/${row.id}`)}>
                {row.title || t("adminNotes.untitled")}
              </Link>
              <span className="break-all text-slate-600 dark:text-slate-300">{row.ownerEmail}</span>
              <span>{tNotes(`note.types.${row.type}`)}</span>
              <AdminNoteStatusText row={row} />
              <span className="text-slate-500">{date(row.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm"
          disabled={isLoadingMore}
          onClick={loadMore}
        >
          {t("adminNotes.loadMore")}
        </button>
      )}
    </div>
  );
}

import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type AdminAuditFilter, fetchAdminAudit } from "~/app/features/admin-users/queries";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { Spinner } from "~/app/ui/spinner";
import type { AdminAuditEntry } from "~/shared/admin/admin-users-api";

/**
 * /admin/audit (issue 20), for the IS_ADMIN role: every admin action, newest first, with "Load more";
 * `?userId=` (a user row's "Audit" link) or `?email=` (the filter form) narrows it to actions about one user.
 */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation();
  const to = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const userId = params.get("userId") ?? "";
  const email = params.get("email") ?? "";
  const [draft, setDraft] = useState(email);
  const [entries, setEntries] = useState<AdminAuditEntry[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const filter: AdminAuditFilter = { ...(userId ? { userId } : {}), ...(email ? { email } : {}) };
  const isFiltered = Boolean(userId || email);

  useEffect(() => {
    const controller = new AbortController();
    setEntries(null);
    setFailed(false);
    fetchAdminAudit(null, { ...(userId ? { userId } : {}), ...(email ? { email } : {}) }, controller.signal).then(
      (page) => {
        setEntries(page.entries);
        setNextCursor(page.nextCursor);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [userId, email]);
  const handleMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchAdminAudit(nextCursor, filter);
      setEntries((current) => [...(current ?? []), ...page.entries]);
      setNextCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };
  const handleFilter = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    setParams(value ? { email: value } : {});
  };
  // Who the filter names: the e-mail typed, else the e-mail the log has for the user id of the link.
  const subject = email || entries?.find((entry) => entry.targetEmail)?.targetEmail || userId;

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <title>{`${t("pages.AdminAudit.title")} · Parley`}</title>
      <h1 className="text-2xl font-semibold">{t("pages.AdminAudit.title")}</h1>
      <form onSubmit={handleFilter} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col text-sm">
          {t("adminAudit.filterLabel")}
          <input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t("adminAudit.filterPlaceholder")}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700">
          {t("adminAudit.filterButton")}
        </button>
      </form>
      {isFiltered && (
        <p className="text-sm">
          {t("adminAudit.filteredBy", { who: subject })}{" "}
          <Link to={to("/admin/audit")} onClick={() => setDraft("")} className="text-indigo-700 underline dark:text-indigo-300">
            {t("adminAudit.showAll")}
          </Link>
        </p>
      )}
      {hasFailed && <p role="alert">{t("adminAudit.loadFailed")}</p>}
      {!entries && !hasFailed && <Spinner />}
      {entries?.length === 0 && <p>{t(isFiltered ? "adminAudit.noneForUser" : "adminAudit.none")}</p>}
      <ul className="space-y-2">
        {entries?.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
            <p className="font-medium">
              {t(`adminAudit.actions.${entry.action}`, { defaultValue: entry.action })}
              {": "}
              {entry.targetEmail ?? entry.targetNoteId ?? "—"}
            </p>
            <p className="text-slate-600 dark:text-slate-300">
              {t("adminAudit.by", {
                actor: entry.actorEmail ?? t("adminAudit.shell"),
                time: new Date(entry.createdAt).toLocaleString(i18n.language),
              })}
            </p>
            {typeof entry.details.reason === "string" && <p>{t("adminAudit.reason", { reason: entry.details.reason })}</p>}
          </li>
        ))}
      </ul>
      {nextCursor && (
        <button
          type="button"
          onClick={handleMore}
          disabled={isLoadingMore}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium disabled:opacity-50 dark:border-slate-700"
        >
          {t("adminAudit.loadMore")}
        </button>
      )}
    </div>
  );
}

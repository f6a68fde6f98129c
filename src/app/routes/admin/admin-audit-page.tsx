import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchAdminAudit } from "~/app/features/admin-users/queries";
import { Spinner } from "~/app/ui/spinner";
import type { AdminAuditEntry } from "~/shared/admin/admin-users-api";

/** /admin/audit (issue 20), for the IS_ADMIN role: every admin action, newest first, with "Load more". */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation();
  const [entries, setEntries] = useState<AdminAuditEntry[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [isLoadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchAdminAudit(null, controller.signal).then(
      (page) => {
        setEntries(page.entries);
        setNextCursor(page.nextCursor);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, []);
  const handleMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchAdminAudit(nextCursor);
      setEntries((current) => [...(current ?? []), ...page.entries]);
      setNextCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <title>{`${t("pages.AdminAudit.title")} · Parley`}</title>
      <h1 className="text-2xl font-semibold">{t("pages.AdminAudit.title")}</h1>
      {hasFailed && <p role="alert">{t("adminAudit.loadFailed")}</p>}
      {!entries && !hasFailed && <Spinner />}
      {entries?.length === 0 && <p>{t("adminAudit.none")}</p>}
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

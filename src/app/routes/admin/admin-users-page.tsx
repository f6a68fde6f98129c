import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminUserItem } from "~/app/features/admin-users/components/admin-user-item";
import { fetchAdminUsers } from "~/app/features/admin-users/queries";
import { SelectInput } from "~/app/ui/select-input";
import { Spinner } from "~/app/ui/spinner";
import { TextInput } from "~/app/ui/text-input";
import { type AdminUserRow, type AdminUserStatusFilter, adminUserStatusFilters } from "~/shared/admin/admin-users-api";

/**
 * /admin/users (issue 20), for the IS_ADMIN role: search by e-mail or name, filter by status, newest
 * sign-up first with "Load more", and per-user ban/unban and admin role actions (all audited).
 */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState<{ q: string; status: AdminUserStatusFilter }>({ q: "", status: "all" });
  const [users, setUsers] = useState<AdminUserRow[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setUsers(null);
    setFailed(false);
    fetchAdminUsers({ ...query, cursor: null }, controller.signal).then(
      (page) => {
        setUsers(page.users);
        setNextCursor(page.nextCursor);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [query]);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: draft.trim() }));
  };
  const handleMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchAdminUsers({ ...query, cursor: nextCursor });
      setUsers((current) => [...(current ?? []), ...page.users]);
      setNextCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };
  const handleChanged = (row: AdminUserRow) => setUsers((current) => current?.map((entry) => (entry.id === row.id ? row : entry)) ?? null);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <title>{`${t("pages.AdminUsers.title")} · Parley`}</title>
      <h1 className="text-2xl font-semibold">{t("pages.AdminUsers.title")}</h1>
      <form onSubmit={handleSearch} className="flex flex-wrap gap-2">
        <TextInput
          type="search"
          aria-label={t("adminUsers.search")}
          placeholder={t("adminUsers.search")}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-0 flex-1"
        />
        <SelectInput
          aria-label={t("adminUsers.statusFilter")}
          value={query.status}
          onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value as AdminUserStatusFilter }))}
        >
          {adminUserStatusFilters.map((status) => (
            <option key={status} value={status}>
              {t(`adminUsers.filter.${status}`)}
            </option>
          ))}
        </SelectInput>
        <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
          {t("adminUsers.searchButton")}
        </button>
      </form>
      {hasFailed && <p role="alert">{t("adminUsers.loadFailed")}</p>}
      {!users && !hasFailed && <Spinner />}
      {users?.length === 0 && <p>{t("adminUsers.none")}</p>}
      {users && users.length > 0 && (
        <div>
          <div
            aria-hidden="true"
            className="hidden border-b border-slate-200 p-3 text-xs font-semibold uppercase text-slate-500 md:grid md:grid-cols-[2fr_1fr_1fr_1fr_2fr] dark:border-slate-700"
          >
            <span>{t("adminUsers.columns.user")}</span>
            <span>{t("adminUsers.columns.plan")}</span>
            <span>{t("adminUsers.columns.usage")}</span>
            <span>{t("adminUsers.columns.signedUp")}</span>
            <span>{t("adminUsers.columns.actions")}</span>
          </div>
          <ul aria-label={t("pages.AdminUsers.title")} className="space-y-3 md:space-y-0">
            {users.map((row) => (
              <AdminUserItem key={row.id} row={row} onChanged={handleChanged} />
            ))}
          </ul>
        </div>
      )}
      {nextCursor && users && (
        <button
          type="button"
          onClick={handleMore}
          disabled={isLoadingMore}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium disabled:opacity-50 dark:border-slate-700"
        >
          {t(isLoadingMore ? "adminUsers.pending" : "adminUsers.loadMore")}
        </button>
      )}
    </div>
  );
}

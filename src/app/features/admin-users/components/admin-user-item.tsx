import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import type { AdminBanInput, AdminUserRow } from "~/shared/admin/admin-users-api";
import { type AdminUserAction, runAdminUserAction } from "../queries";
import { BanDialog } from "./ban-dialog";

const actionButton =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800";

/**
 * One user of the admin list: a card on phones, a table-like row from md up (the header row lives in the
 * list). Actions show their pending state and say what happened; the row updates from the answer.
 */
export function AdminUserItem({ row, onChanged }: { row: AdminUserRow; onChanged(row: AdminUserRow): void }) {
  const { t, i18n } = useTranslation();
  const to = useLocalizedPath();
  const [pending, setPending] = useState<AdminUserAction | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "notice"; text: string } | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  const run = async (action: AdminUserAction, ban?: AdminBanInput) => {
    setPending(action);
    setMessage(null);
    try {
      const updated = await runAdminUserAction(row.id, action, ban);
      onChanged(updated);
      setMessage({ kind: "notice", text: t(`adminUsers.done.${action}`, { email: row.email }) });
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof Error ? error.message : t("adminUsers.actionFailed") });
    } finally {
      setPending(null);
    }
  };

  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-4 md:grid-cols-[2fr_1fr_1fr_1fr_2fr] md:items-center md:rounded-none md:border-0 md:border-b md:p-3 dark:border-slate-700">
      <div className="min-w-0">
        <p className="truncate font-medium">{row.email}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">{row.name}</p>
        <Link to={to(`/admin/user/${encodeURIComponent(row.id)}/notes`)} className="text-sm text-indigo-700 underline dark:text-indigo-300">
          {t("adminUsers.notesLink")}
        </Link>
        <Link
          to={to(`/admin/audit?userId=${encodeURIComponent(row.id)}`)}
          className="ml-3 text-sm text-indigo-700 underline dark:text-indigo-300"
          aria-label={t("adminUsers.auditLinkLabel", { email: row.email })}
        >
          {t("adminUsers.auditLink")}
        </Link>
      </div>
      <p className="text-sm">
        <span className="md:hidden">{t("adminUsers.columns.plan")}: </span>
        {t(`adminUsers.plan.${row.plan}`)}
        {row.role === "admin" && (
          <span className="ml-2 rounded bg-indigo-100 px-1.5 text-xs dark:bg-indigo-900">{t("adminUsers.role.admin")}</span>
        )}
      </p>
      <p className="text-sm">
        <span className="md:hidden">{t("adminUsers.columns.usage")}: </span>
        {t("adminUsers.usage", { minutes: row.usage.transcriptionMinutes, uploads: row.usage.uploadCount })}
      </p>
      <div className="text-sm">
        <p>
          <span className="md:hidden">{t("adminUsers.columns.signedUp")}: </span>
          {date(row.createdAt)}
        </p>
        <p className={row.status === "banned" ? "font-medium text-red-700 dark:text-red-300" : ""}>
          {t(`adminUsers.status.${row.status}`)}
          {row.banExpires && ` · ${t("adminUsers.bannedUntil", { date: date(row.banExpires) })}`}
        </p>
        {row.banReason && <p className="text-slate-600 dark:text-slate-300">{row.banReason}</p>}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          {row.status === "banned" ? (
            <button type="button" className={actionButton} disabled={pending !== null} onClick={() => run("unban")}>
              {t(pending === "unban" ? "adminUsers.pending" : "adminUsers.actions.unban")}
            </button>
          ) : (
            <BanDialog email={row.email} isPending={pending !== null} onBan={(input) => run("ban", input)} />
          )}
          {row.role === "admin" ? (
            <button type="button" className={actionButton} disabled={pending !== null} onClick={() => run("revoke-admin")}>
              {t(pending === "revoke-admin" ? "adminUsers.pending" : "adminUsers.actions.revokeAdmin")}
            </button>
          ) : (
            <button type="button" className={actionButton} disabled={pending !== null} onClick={() => run("grant-admin")}>
              {t(pending === "grant-admin" ? "adminUsers.pending" : "adminUsers.actions.grantAdmin")}
            </button>
          )}
        </div>
        {pending === "ban" && <p className="text-sm">{t("adminUsers.pending")}</p>}
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      </div>
    </li>
  );
}

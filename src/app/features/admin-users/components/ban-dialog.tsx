import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "~/app/ui/close-button";
import { TextArea } from "~/app/ui/text-area";
import { TextInput } from "~/app/ui/text-input";
import type { AdminBanInput } from "~/shared/admin/admin-users-api";

/**
 * The Ban button and its modal dialog: a required reason (1-500) and an optional end date. A native
 * <dialog>, so Escape closes it and focus returns to the button; `onBan` runs the call.
 */
export function BanDialog({ email, isPending, onBan }: { email: string; isPending: boolean; onBan(input: AdminBanInput): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    // A date input gives a day: the ban ends at the end of that day, UTC.
    onBan({ reason: reason.trim(), expiresAt: until ? new Date(`${until}T23:59:59.000Z`).toISOString() : null });
    dialog.current?.close();
    setReason("");
    setUntil("");
  };

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={isPending}
        onClick={() => dialog.current?.showModal()}
        className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
      >
        {t("adminUsers.actions.ban")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <form onSubmit={handleSubmit} className="space-y-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {t("adminUsers.ban.title", { email })}
            </h2>
            <CloseButton label={t("ui.close")} onClick={() => dialog.current?.close()} />
          </div>
          <label className="block space-y-1 text-sm font-medium">
            <span>{t("adminUsers.ban.reason")}</span>
            <TextArea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              maxLength={500}
              rows={3}
              className="w-full"
            />
          </label>
          <label className="block space-y-1 text-sm font-medium">
            <span>{t("adminUsers.ban.until")}</span>
            <TextInput type="date" value={until} onChange={(event) => setUntil(event.target.value)} className="w-full" />
          </label>
          <button type="submit" className="w-full rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700">
            {t("adminUsers.ban.submit")}
          </button>
        </form>
      </dialog>
    </>
  );
}

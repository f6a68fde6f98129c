import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { settleConfirm, usePendingConfirm } from "./confirm-store";

export function ConfirmDialogHost() {
  const pending = usePendingConfirm();
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending && !element.open) element.showModal();
    if (!pending && element.open) element.close();
  }, [pending]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        settleConfirm(false);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {pending && (
        <>
          <h2 id="confirm-dialog-title" className="text-lg font-semibold">
            {pending.title ?? t("confirm.title")}
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{pending.message}</p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => settleConfirm(false)}>
              {pending.cancelText ?? t("confirm.cancel")}
            </button>
            <button type="button" className="btn-primary" onClick={() => settleConfirm(true)}>
              {pending.confirmText ?? t("confirm.confirm")}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

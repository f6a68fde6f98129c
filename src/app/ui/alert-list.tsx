import { useTranslation } from "react-i18next";
import { type AlertMessage, dismissAlert, useAlerts } from "./alert-store";

export function AlertList() {
  const alerts = useAlerts();
  const { t } = useTranslation();
  const text = (message: AlertMessage) => (typeof message === "string" ? message : t(message.key, message.values));
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role={alert.type === "error" ? "alert" : "status"}
          data-type={alert.type}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${
            alert.type === "error"
              ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              : alert.type === "success"
                ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
                : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          }`}
        >
          <p className="flex-1">{text(alert.message)}</p>
          <button type="button" onClick={() => dismissAlert(alert.id)} aria-label={t("ui.close")} className="opacity-70 hover:opacity-100">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

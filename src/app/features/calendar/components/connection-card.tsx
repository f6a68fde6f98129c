import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/app/ui/status-badge";

export type ConnectionState = "unavailable" | "disconnected" | "active" | "reconnect";

/**
 * One provider's connection (Google Calendar, Outlook, Zoom): not connected (Connect), connected (account,
 * last sync, sync delayed, Disconnect), reconnect (a warning and Reconnect), or not set up by the operator
 * (said plainly, no button that cannot work).
 */
export function ConnectionCard({
  providerKey,
  name,
  state,
  accountEmail,
  details,
  description,
  isBusy,
  onConnect,
  onDisconnect,
}: {
  providerKey: string;
  name: string;
  state: ConnectionState;
  accountEmail: string | null;
  /** Lines under the account (last synced, sync delayed). */
  details?: ReactNode;
  description?: ReactNode;
  isBusy: boolean;
  onConnect(): void;
  onDisconnect(): void;
}) {
  const { t } = useTranslation("calendar");
  const isConnected = state === "active" || state === "reconnect";
  return (
    <li className="card space-y-3 p-4 sm:p-5" data-testid={`connection-${providerKey}`} data-state={state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{name}</h3>
        {state === "active" ? <StatusBadge tone="success">{t("connection.connected")}</StatusBadge> : null}
        {state === "reconnect" ? <StatusBadge tone="warning">{t("connection.needsReconnect")}</StatusBadge> : null}
        {state === "disconnected" ? <StatusBadge tone="neutral">{t("connection.notConnected")}</StatusBadge> : null}
      </div>
      {description ? <div className="text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
      {isConnected && accountEmail ? (
        <p className="break-all text-sm" data-testid="connection-account">
          {t("connection.connectedAs", { email: accountEmail })}
        </p>
      ) : null}
      {isConnected ? details : null}
      {state === "reconnect" ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t("connection.reconnectNeeded", { provider: name })}
        </p>
      ) : null}
      {state === "unavailable" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="connection-unavailable">
          {t("connection.unavailable", { provider: name })}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {state === "disconnected" ? (
            <button type="button" className="btn-primary" disabled={isBusy} onClick={onConnect}>
              {isBusy ? t("connection.connecting", { provider: name }) : t("connection.connect", { provider: name })}
            </button>
          ) : null}
          {state === "reconnect" ? (
            <button type="button" className="btn-primary" disabled={isBusy} onClick={onConnect}>
              {t("connection.reconnect", { provider: name })}
            </button>
          ) : null}
          {isConnected ? (
            <button type="button" className="btn-secondary" disabled={isBusy} onClick={onDisconnect}>
              {t("connection.disconnect")}
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

import { useSyncExternalStore } from "react";

import { alertLifetimeMs } from "./alert-store-constants";

// spec section 9: alerts default to type info, vanish after 5000 ms, and the newest is placed first.
export { alertLifetimeMs };

export type AlertType = "error" | "info" | "success";
/** A literal text (e.g. a server message) or a translation key with values. */
export type AlertMessage = string | { key: string; values?: Record<string, string | number> };

export interface Alert {
  id: string;
  message: AlertMessage;
  type: AlertType;
}

export function addAlert(alerts: readonly Alert[], alert: Alert): Alert[] {
  return [alert, ...alerts];
}

export function removeAlert(alerts: readonly Alert[], id: string): Alert[] {
  return alerts.filter((alert) => alert.id !== id);
}

let alerts: Alert[] = [];
let sequence = 0;
const listeners = new Set<() => void>();

function publish(next: Alert[]): void {
  alerts = next;
  for (const listener of listeners) listener();
}

export function pushAlert({ message, type = "info" }: { message: AlertMessage; type?: AlertType }): string {
  sequence += 1;
  const id = `alert-${sequence}`;
  publish(addAlert(alerts, { id, message, type }));
  setTimeout(() => dismissAlert(id), alertLifetimeMs);
  return id;
}

export function dismissAlert(id: string): void {
  publish(removeAlert(alerts, id));
}

export function getAlerts(): Alert[] {
  return alerts;
}

const empty: Alert[] = [];

export function useAlerts(): Alert[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => alerts,
    () => empty,
  );
}

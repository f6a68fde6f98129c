import { useTranslation } from "react-i18next";
import type { CalendarConnection } from "~/shared/calendars/calendar-api";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";
import { useCalendarFormat } from "../format-calendar";
import { connectCalendar, disconnectCalendar } from "../queries";
import { useConnectActions } from "../use-connect-actions";
import { ConnectionCard, type ConnectionState } from "./connection-card";

/** A calendar provider's card on /settings/calendar. */
export function CalendarConnectionCard({
  platform,
  connection,
  isAvailable,
  onChanged,
}: {
  platform: CalendarPlatform;
  connection: CalendarConnection | null;
  isAvailable: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation("calendar");
  const format = useCalendarFormat();
  const name = t(`providers.${platform}`);
  const actions = useConnectActions({
    name,
    start: (returnUrl) => connectCalendar(platform, returnUrl),
    stop: () => disconnectCalendar(platform),
    confirmBody: t("connection.disconnectBody"),
    onChanged,
  });
  const state: ConnectionState = connection ? connection.data.status : isAvailable ? "disconnected" : "unavailable";
  const synced = connection?.data.lastSyncedAt;
  return (
    <ConnectionCard
      providerKey={platform}
      name={name}
      state={state}
      accountEmail={connection?.data.accountEmail ?? null}
      isBusy={actions.isBusy}
      onConnect={actions.connect}
      onDisconnect={actions.disconnect}
      details={
        <div className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
          <p data-testid="connection-synced">
            {synced ? t("connection.lastSynced", { time: format.moment(new Date(synced)) }) : t("connection.neverSynced")}
          </p>
          {connection?.data.syncDelayed ? (
            <p data-testid="connection-sync-delayed" className="text-amber-800 dark:text-amber-300">
              {t("connection.syncDelayed", { provider: name })}
            </p>
          ) : null}
        </div>
      }
    />
  );
}

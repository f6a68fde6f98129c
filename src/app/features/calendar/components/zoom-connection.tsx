import { useTranslation } from "react-i18next";
import type { ZoomConnection } from "~/shared/calendars/calendar-api";
import { connectZoom, disconnectZoom } from "../queries";
import { useConnectActions } from "../use-connect-actions";
import { ConnectionCard, type ConnectionState } from "./connection-card";

/** interpretations 22: "Connect Zoom", so the notetaker can join meetings that need a signed-in participant. */
export function ZoomConnectionCard({ zoom, onChanged }: { zoom: ZoomConnection; onChanged(): void }) {
  const { t } = useTranslation("calendar");
  const name = t("providers.zoom");
  const actions = useConnectActions({
    name,
    start: connectZoom,
    stop: disconnectZoom,
    confirmBody: t("zoom.disconnectBody"),
    onChanged,
  });
  const state: ConnectionState = zoom.connected ? (zoom.status ?? "active") : zoom.available ? "disconnected" : "unavailable";
  const description = zoom.connected ? t("zoom.connectedBody") : t("zoom.body");
  return (
    <ConnectionCard
      providerKey="zoom"
      name={name}
      state={state}
      accountEmail={zoom.accountEmail}
      description={description}
      isBusy={actions.isBusy}
      onConnect={actions.connect}
      onDisconnect={actions.disconnect}
    />
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { formProblem } from "~/app/features/shell/error-message";
import { pushAlert } from "~/app/ui/alert-store";
import { confirm } from "~/app/ui/confirm-store";
import type { OAuthStart } from "~/shared/calendars/calendar-api";

/**
 * Connect and disconnect for one provider. Connect asks the server for the consent address (its return
 * is this page, unless told otherwise) and leaves for it; disconnect asks first, then says it is done.
 */
export function useConnectActions({
  name,
  start,
  stop,
  confirmBody,
  onChanged,
  returnUrl,
}: {
  name: string;
  start(returnUrl: string): Promise<OAuthStart>;
  stop(): Promise<void>;
  confirmBody: string;
  onChanged(): void;
  returnUrl?: string;
}): { isBusy: boolean; connect(): Promise<void>; disconnect(): Promise<void> } {
  const { t } = useTranslation("calendar");
  const location = useLocation();
  const [isBusy, setBusy] = useState(false);

  const connect = async () => {
    setBusy(true);
    try {
      const { authorizationUrl } = await start(returnUrl ?? location.pathname);
      window.location.assign(authorizationUrl);
    } catch (error) {
      setBusy(false);
      const problem = formProblem(error, t("connection.connectFailed", { provider: name }));
      if (problem) pushAlert({ type: "error", message: problem });
    }
  };

  const disconnect = async () => {
    const isConfirmed = await confirm({
      title: t("connection.disconnectTitle", { provider: name }),
      message: confirmBody,
      confirmText: t("connection.disconnect"),
    });
    if (!isConfirmed) return;
    setBusy(true);
    try {
      await stop();
      pushAlert({ type: "success", message: t("connection.disconnected", { provider: name }) });
      onChanged();
    } catch (error) {
      pushAlert({ type: "error", message: formProblem(error, t("connection.disconnectFailed", { provider: name })) ?? "" });
    } finally {
      setBusy(false);
    }
  };

  return { isBusy, connect, disconnect };
}

import { useTranslation } from "react-i18next";
import { CloseButton } from "~/app/ui/close-button";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";
import { limitUpgradeStore } from "../app-paywall";
import type { LimitUpgradeState } from "../limit-upgrade-store";
import { usePlan } from "../plan-store";
import { useMessageText } from "../use-message-text";

/** The upgrade request's text and buttons; loads when the dialog first opens (issue 22), not with every dashboard page. */
export function LimitUpgradeBody({ state, titleId }: { state: LimitUpgradeState; titleId: string }) {
  const { t } = useTranslation("billing");
  const { t: tc } = useTranslation();
  const messageText = useMessageText();
  const isSent = state.requestState === "sent";
  // Payments off (decision 022): the limit is the server operator's, so the request goes to them.
  const isOperators = usePlan().data?.paymentsOn === false;
  return (
    <div className="space-y-4 p-6">
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("upgradeRequest.title")}
        </h2>
        <CloseButton label={tc("ui.close")} onClick={() => limitUpgradeStore.close()} />
      </div>
      {state.message ? <p className="text-sm text-slate-700 dark:text-slate-300">{messageText(state.message)}</p> : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">{t(isOperators ? "upgradeRequest.operatorBody" : "upgradeRequest.body")}</p>
      {isSent ? <FormMessage kind="notice">{t(isOperators ? "upgradeRequest.operatorSent" : "upgradeRequest.sent")}</FormMessage> : null}
      {state.requestState === "failed" ? <FormMessage kind="error">{t("upgradeRequest.failed")}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={() => limitUpgradeStore.close()}>
          {isSent ? tc("ui.close") : t("upgradeRequest.notNow")}
        </button>
        {state.errorSource && !isSent ? (
          <button
            type="button"
            className="btn-primary"
            disabled={state.requestState === "sending"}
            onClick={() => void limitUpgradeStore.sendRequest()}
          >
            {state.requestState === "sending" ? <Spinner size="sm" /> : null}
            {t(isOperators ? "upgradeRequest.operatorRequest" : "upgradeRequest.request")}
          </button>
        ) : null}
      </div>
    </div>
  );
}

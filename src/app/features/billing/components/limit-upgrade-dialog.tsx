import { Suspense, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "~/app/ui/close-button";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";
import { limitUpgradeStore } from "../app-paywall";
import { type LimitUpgradeState, useLimitUpgradeState } from "../limit-upgrade-store";
import { usePlan } from "../plan-store";
import { useMessageText } from "../use-message-text";

function LimitUpgradeBody({ state, titleId }: { state: LimitUpgradeState; titleId: string }) {
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

/** spec section 6: what a paying user sees at a limit instead of the paywall. */
export function LimitUpgradeDialog() {
  const state = useLimitUpgradeState(limitUpgradeStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (state.isOpen && !element.open) element.showModal();
    if (!state.isOpen && element.open) element.close();
  }, [state.isOpen]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        limitUpgradeStore.close();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl outline-none border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {state.isOpen ? (
        <Suspense
          fallback={
            <div className="flex justify-center p-8">
              <Spinner size="md" />
            </div>
          }
        >
          <LimitUpgradeBody state={state} titleId={titleId} />
        </Suspense>
      ) : null}
    </dialog>
  );
}

import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { Spinner } from "~/app/ui/spinner";
import { closePaywall, paywallStore } from "../app-paywall";
import { usePaywallState } from "../paywall-store";

const PaywallBody = lazy(async () => ({ default: (await import("./paywall-body")).PaywallBody }));

/**
 * The paywall over every dashboard page (spec section 2): two steps, a close icon, at most 900px high and
 * the whole screen on a phone. A native modal <dialog>: the page behind is inert and Escape closes it.
 */
export function PaywallModal() {
  const state = usePaywallState(paywallStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (state.paywallOpened && !element.open) element.showModal();
    if (!state.paywallOpened && element.open) element.close();
  }, [state.paywallOpened]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid="paywall-modal"
      onCancel={(event) => {
        event.preventDefault();
        closePaywall();
      }}
      className="m-0 h-dvh max-h-none outline-none w-screen max-w-none overflow-y-auto bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 sm:m-auto sm:h-fit sm:max-h-[min(900px,calc(100dvh-2rem))] sm:w-[min(60rem,calc(100vw-2rem))] sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-2xl dark:bg-slate-900 dark:text-slate-100 sm:dark:border-slate-700"
    >
      {state.paywallOpened ? (
        <Suspense
          fallback={
            <div className="flex min-h-64 items-center justify-center">
              <Spinner size="lg" />
            </div>
          }
        >
          <PaywallBody state={state} titleId={titleId} />
        </Suspense>
      ) : null}
    </dialog>
  );
}

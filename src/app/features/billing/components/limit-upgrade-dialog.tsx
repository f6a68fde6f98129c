import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { Spinner } from "~/app/ui/spinner";
import { limitUpgradeStore } from "../app-paywall";
import { useLimitUpgradeState } from "../limit-upgrade-store";

const LimitUpgradeBody = lazy(async () => ({ default: (await import("./limit-upgrade-body")).LimitUpgradeBody }));

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

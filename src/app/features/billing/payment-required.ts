import type { PaymentRequired } from "~/app/api/api-client";
import type { AlertMessage } from "~/app/ui/alert-store";
import type { PlanResponse } from "~/shared/billing/billing-api";
import { type LimitErrorSource, limitErrorSources } from "~/shared/billing/plans";

// spec section 8 (HTTP 402) and section 6: over a limit, a free user gets the paywall with the server's
// message (or common.error.limitReached) and the errorSource; a paying user gets no paywall but the
// offer to ask support, by e-mail, for a higher limit. Where payments are off (decision 022) nobody gets
// a paywall: the limit is the operator's, and the offer is to ask them.

/** What a 402 depends on: the plan, and whether this server sells Pro. */
export type PlanForLimits = Pick<PlanResponse, "id" | "paymentsOn">;

export type PaymentRequiredAction =
  | { kind: "paywall"; source: string; message: AlertMessage }
  | { kind: "upgradeRequest"; message: AlertMessage; errorSource: LimitErrorSource | null };

/** Where the paywall says it opened from when a 402 names no errorSource. */
export const unknownLimitSource = "limit_reached";

export const limitReachedMessage: AlertMessage = { key: "common:error.limitReached" };

function isLimitErrorSource(value: string | null): value is LimitErrorSource {
  return value !== null && (limitErrorSources as readonly string[]).includes(value);
}

/** spec section 5: the paywall opens for a limit only if the user's plan id is free (and Pro is for sale). */
export function decidePaymentRequired(plan: PlanForLimits, event: PaymentRequired): PaymentRequiredAction {
  const message = event.message ?? limitReachedMessage;
  if (plan.id === "free" && plan.paymentsOn) return { kind: "paywall", source: event.errorSource ?? unknownLimitSource, message };
  return { kind: "upgradeRequest", message, errorSource: isLimitErrorSource(event.errorSource) ? event.errorSource : null };
}

export interface PaymentRequiredDeps {
  /** Reads the user's plan now (it may have changed since the page loaded); null when that failed. */
  loadPlan(): Promise<PlanForLimits | null>;
  openPaywall(options: { source: string; message: AlertMessage }): void;
  openUpgradeRequest(options: { message: AlertMessage; errorSource: LimitErrorSource | null }): void;
  /** The plan could not be read: the limit message and 'Error fetching plan' are shown instead. */
  onPlanUnavailable(message: AlertMessage): void;
}

/** The handler the dashboard registers with setPaymentRequiredHandler. */
export function createPaymentRequiredHandler(deps: PaymentRequiredDeps): (event: PaymentRequired) => Promise<void> {
  return async (event) => {
    const plan = await deps.loadPlan();
    if (plan === null) {
      deps.onPlanUnavailable(event.message ?? limitReachedMessage);
      return;
    }
    const action = decidePaymentRequired(plan, event);
    if (action.kind === "paywall") deps.openPaywall({ source: action.source, message: action.message });
    else deps.openUpgradeRequest({ message: action.message, errorSource: action.errorSource });
  };
}

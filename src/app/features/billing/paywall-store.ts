import { useSyncExternalStore } from "react";
import { ApiError } from "~/app/api/api-client";
import type { AlertMessage } from "~/app/ui/alert-store";
import type { Discount, PaywallFlowName, PaywallStructureResponse, Price } from "~/shared/billing/billing-api";
import { currencySymbol, discountedAmount } from "~/shared/billing/price-math";
import type { ProductKey } from "~/shared/billing/subscription";

// spec section 3 "Paywall store" and section 4 (paywall products, config, step, checkout completion).
// A factory, so the modal (one app-wide store) and the full /paywall page (its own) share the rules.

export type PaywallLoadState = "loading" | "completed" | "error";
export type CheckoutState = "idle" | "validating" | "success" | "failed";
export type ProductsFailureReason = "paddle_empty_response" | "paddle_api_error";

export interface PaywallState {
  prices: Price[];
  /** Parallel to `prices` by index; null where that product has no discount. */
  discounts: (Discount | null)[];
  productNames: string[];
  paywallState: PaywallLoadState;
  currencySymbol: string;
  paywallStructure: PaywallStructureResponse | null;
  paywallOpened: boolean;
  paywallSource: string | null;
  paywallStep: "paywall" | "checkout";
  checkoutPriceId: string | null;
  /** The plan card chosen (starts at the structure's selected_index). */
  selectedIndex: number;
  /** Why the paywall opened (a 402's server message, or common.error.limitReached). */
  message: AlertMessage | null;
  configState: "idle" | "loading" | "completed" | "configFailed";
  productsState: "idle" | "loading" | "completed" | "error";
  checkoutState: CheckoutState;
}

/** spec section 7 events the paywall sends. */
export interface PaywallAnalytics {
  trackPaywall(properties: { productNames: string[]; source: string; product_ids: string[]; product_count: number }): void;
  trackViewItemList(): void;
  trackProductClicked(properties: { name: string; priceId: string; productId: string; source: string }): void;
  trackPurchaseClicked(properties: { id: string; name: string; price: number; priceId: string; productId: string; source: string }): void;
  trackPaywallProductsFailed(reason: ProductsFailureReason): void;
}

export interface PaywallDeps {
  fetchStructure(flow: PaywallFlowName): Promise<PaywallStructureResponse>;
  fetchPrices(priceIds: readonly string[], source: string): Promise<{ prices: Price[]; productNames: string[] }>;
  fetchDiscounts(discountIds: readonly string[]): Promise<Record<string, Discount>>;
  analytics: PaywallAnalytics;
}

export interface OpenPaywallOptions {
  /** A 402's errorSource or where the user asked (upgrade_button, settings_billing, onboarding…). */
  source: string;
  message?: AlertMessage | null;
  flow?: PaywallFlowName;
}

export interface PaywallStore {
  get(): PaywallState;
  subscribe(listener: () => void): () => void;
  openPaywall(options: OpenPaywallOptions): Promise<void>;
  /** Loads the plans and prices again after a failure, for the same flow and source. */
  retry(): Promise<void>;
  closePaywall(): void;
  selectPlan(index: number): void;
  continueToCheckout(): void;
  backToPlans(): void;
  setCheckoutState(state: CheckoutState): void;
}

export const initialPaywallState: PaywallState = {
  prices: [],
  discounts: [],
  productNames: [],
  paywallState: "loading",
  currencySymbol: "$",
  paywallStructure: null,
  paywallOpened: false,
  paywallSource: null,
  paywallStep: "paywall",
  checkoutPriceId: null,
  selectedIndex: 0,
  message: null,
  configState: "idle",
  productsState: "idle",
  checkoutState: "idle",
};

/** The failure reason of spec section 7 for a failed price lookup (the server names Paddle's answer). */
export function productsFailureReason(error: unknown): ProductsFailureReason {
  return error instanceof ApiError && error.errorCode === "PADDLE_EMPTY_RESPONSE" ? "paddle_empty_response" : "paddle_api_error";
}

export function createPaywallStore(deps: PaywallDeps): PaywallStore {
  let state = initialPaywallState;
  let loadSequence = 0;
  let lastFlow: PaywallFlowName = "default";
  const listeners = new Set<() => void>();
  const update = (changes: Partial<PaywallState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };

  const fail = (changes: Partial<PaywallState>, reason: ProductsFailureReason | null) => {
    update({ ...changes, paywallState: "error" });
    if (reason) deps.analytics.trackPaywallProductsFailed(reason);
  };

  const load = async (flow: PaywallFlowName, source: string) => {
    loadSequence += 1;
    const mine = loadSequence;
    const isCurrent = () => mine === loadSequence;
    update({ paywallState: "loading", configState: "loading", productsState: "idle" });

    let structure: PaywallStructureResponse;
    try {
      structure = await deps.fetchStructure(flow);
    } catch {
      if (isCurrent()) fail({ configState: "configFailed" }, null);
      return;
    }
    if (!isCurrent()) return;
    update({ paywallStructure: structure, configState: "completed", productsState: "loading" });

    let prices: Price[];
    let productNames: string[];
    let discounts: (Discount | null)[];
    try {
      ({ prices, productNames } = await deps.fetchPrices(structure.priceIds, source));
      // spec section 5: an empty price preview is a failure.
      if (prices.length === 0) {
        if (isCurrent()) fail({ productsState: "error" }, "paddle_empty_response");
        return;
      }
      const wanted = [...new Set(structure.discountIds.filter(Boolean))];
      const byId = wanted.length > 0 ? await deps.fetchDiscounts(wanted) : {};
      discounts = prices.map((_, index) => byId[structure.discountIds[index] ?? ""] ?? null);
    } catch (error) {
      if (isCurrent()) fail({ productsState: "error" }, productsFailureReason(error));
      return;
    }
    if (!isCurrent()) return;
    const selected = structure.structure.selected_index;
    update({
      prices,
      productNames,
      discounts,
      currencySymbol: currencySymbol(prices[0]?.currency),
      selectedIndex: selected < prices.length ? selected : 0,
      productsState: "completed",
      paywallState: "completed",
    });
    deps.analytics.trackPaywall({ productNames, source, product_ids: prices.map((price) => price.id), product_count: prices.length });
    deps.analytics.trackViewItemList();
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async openPaywall({ source, message = null, flow = "default" }) {
      // A second 402 while the paywall is up only updates why it is shown.
      if (state.paywallOpened) {
        update({ paywallSource: source, message });
        return;
      }
      update({ paywallOpened: true, paywallSource: source, message, paywallStep: "paywall", checkoutPriceId: null, checkoutState: "idle" });
      lastFlow = flow;
      await load(flow, source);
    },
    async retry() {
      if (!state.paywallOpened || state.paywallState !== "error") return;
      await load(lastFlow, state.paywallSource ?? "");
    },
    closePaywall() {
      update({ paywallOpened: false, paywallStep: "paywall", checkoutPriceId: null, checkoutState: "idle" });
    },
    selectPlan(index) {
      const price = state.prices[index];
      if (!price) return;
      update({ selectedIndex: index });
      deps.analytics.trackProductClicked({
        name: state.productNames[index] ?? "",
        priceId: price.id,
        productId: price.product,
        source: state.paywallSource ?? "",
      });
    },
    continueToCheckout() {
      const index = state.selectedIndex;
      const price = state.prices[index];
      if (state.paywallState !== "completed" || !price) return;
      update({ paywallStep: "checkout", checkoutPriceId: price.id, checkoutState: "idle" });
      const discount = state.discounts[index];
      deps.analytics.trackPurchaseClicked({
        id: state.paywallStructure?.structure.products[index] ?? price.id,
        name: state.productNames[index] ?? "",
        price: (discount ? discountedAmount(price.unit_amount, discount.amount) : price.unit_amount) / 100,
        priceId: price.id,
        productId: price.product,
        source: state.paywallSource ?? "",
      });
    },
    backToPlans() {
      update({ paywallStep: "paywall", checkoutPriceId: null, checkoutState: "idle" });
    },
    setCheckoutState(checkoutState) {
      update({ checkoutState });
    },
  };
}

export interface CheckoutSelection {
  index: number;
  price: Price;
  discount: Discount | null;
  productName: string;
  productKey: ProductKey | null;
}

/** spec section 4: the checkout price is matched to the price list by id to find its product and discount. */
export function checkoutSelection(state: PaywallState): CheckoutSelection | null {
  const index = state.prices.findIndex((price) => price.id === state.checkoutPriceId);
  const price = state.prices[index];
  if (!price) return null;
  return {
    index,
    price,
    discount: state.discounts[index] ?? null,
    productName: state.productNames[index] ?? "",
    productKey: state.paywallStructure?.structure.products[index] ?? null,
  };
}

export function usePaywallState(store: PaywallStore): PaywallState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

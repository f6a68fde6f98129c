import { describe, expect, it } from "vitest";
import { createLimitUpgradeStore } from "./limit-upgrade-store";
import { createPaymentRequiredHandler, decidePaymentRequired, limitReachedMessage, type PlanForLimits } from "./payment-required";

// spec section 8 (HTTP 402), sections 5 and 6: the paywall opens only for the free plan; paying users get
// the limit-upgrade request instead, and so does everyone where payments are off (decision 022).

const free: PlanForLimits = { id: "free", paymentsOn: true };
const pro: PlanForLimits = { id: "pro", paymentsOn: true };
const selfHosted: PlanForLimits = { id: "free", paymentsOn: false };

describe("what a 402 does", () => {
  it("free plan: the paywall, with the server's message and the errorSource as its source", () => {
    expect(decidePaymentRequired(free, { message: "You used your 5 uploads this month.", errorSource: "upload_count" })).toEqual({
      kind: "paywall",
      source: "upload_count",
      message: "You used your 5 uploads this month.",
    });
  });

  it("free plan without a server message: common.error.limitReached", () => {
    expect(decidePaymentRequired(free, { message: null, errorSource: "transcription_minutes" })).toEqual({
      kind: "paywall",
      source: "transcription_minutes",
      message: { key: "common:error.limitReached" },
    });
    expect(limitReachedMessage).toEqual({ key: "common:error.limitReached" });
  });

  it("a paid plan never gets the paywall: the upgrade request, for the named limit", () => {
    expect(decidePaymentRequired(pro, { message: "3 bots at once", errorSource: "concurrent_meetings" })).toEqual({
      kind: "upgradeRequest",
      message: "3 bots at once",
      errorSource: "concurrent_meetings",
    });
    expect(decidePaymentRequired(pro, { message: null, errorSource: "something_else" })).toEqual({
      kind: "upgradeRequest",
      message: { key: "common:error.limitReached" },
      errorSource: null,
    });
  });

  it("payments off: no paywall for the free plan either, but the request to the server's operator", () => {
    expect(decidePaymentRequired(selfHosted, { message: "You used your 5 uploads this month.", errorSource: "upload_count" })).toEqual({
      kind: "upgradeRequest",
      message: "You used your 5 uploads this month.",
      errorSource: "upload_count",
    });
  });

  it("the handler reads the plan at the time of the 402 and acts on it", async () => {
    let plan: PlanForLimits | null = free;
    const actions: string[] = [];
    const handle = createPaymentRequiredHandler({
      loadPlan: async () => plan,
      openPaywall: ({ source }) => actions.push(`paywall ${source}`),
      openUpgradeRequest: ({ errorSource }) => actions.push(`upgrade ${errorSource}`),
      onPlanUnavailable: (message) => actions.push(`unavailable ${JSON.stringify(message)}`),
    });
    await handle({ message: "limit", errorSource: "upload_count" });
    plan = pro;
    await handle({ message: "limit", errorSource: "upload_count" });
    plan = null;
    await handle({ message: null, errorSource: "upload_count" });
    expect(actions).toEqual(["paywall upload_count", "upgrade upload_count", 'unavailable {"key":"common:error.limitReached"}']);
  });
});

describe("limit-upgrade request dialog", () => {
  it("open, send once, sent; closing resets it", async () => {
    const sent: string[] = [];
    const store = createLimitUpgradeStore(async (source) => {
      sent.push(source);
    });
    store.open({ message: "Limit", errorSource: "upload_count" });
    expect(store.get()).toEqual({ isOpen: true, message: "Limit", errorSource: "upload_count", requestState: "idle" });
    const sending = store.sendRequest();
    expect(store.get().requestState).toBe("sending");
    await sending;
    await store.sendRequest();
    expect(store.get().requestState).toBe("sent");
    expect(sent).toEqual(["upload_count"]);
    store.close();
    expect(store.get()).toEqual({ isOpen: false, message: null, errorSource: null, requestState: "idle" });
  });

  it("a failed request can be tried again", async () => {
    let isDown = true;
    const store = createLimitUpgradeStore(async () => {
      if (isDown) throw new Error("500");
    });
    store.open({ message: "Limit", errorSource: "transcription_minutes" });
    await store.sendRequest();
    expect(store.get().requestState).toBe("failed");
    isDown = false;
    await store.sendRequest();
    expect(store.get().requestState).toBe("sent");
  });

  it("without a known limit there is nothing to request", async () => {
    let calls = 0;
    const store = createLimitUpgradeStore(async () => {
      calls += 1;
    });
    store.open({ message: "Limit", errorSource: null });
    await store.sendRequest();
    expect(calls).toBe(0);
    expect(store.get().requestState).toBe("idle");
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CheckoutEventDeps,
  closeAfterSuccessMs,
  createCheckoutEventHandler,
  pollUntilActive,
  verificationIntervalMs,
  verificationTries,
} from "./checkout-events";

// Paddle.js checkout events (spec sections 4, 8, 9): the server calls are injected (they are the
// boundary), the timer loop runs on fake timers.

const user = { userId: "user-1", cerebroId: "5b0f3d7e-8a9c-4c1e-9a57-0d6f4c1b2e3a" };

describe("subscription verification loop", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("the spec's numbers: 20 tries, 500 ms apart", () => {
    expect([verificationTries, verificationIntervalMs, closeAfterSuccessMs]).toEqual([20, 500, 1000]);
  });

  it("asks again every 500 ms and stops at the first active answer", async () => {
    const asked: number[] = [];
    const start = Date.now();
    const result = pollUntilActive(async () => {
      asked.push(Date.now() - start);
      return asked.length === 4;
    });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toBe(true);
    expect(asked).toEqual([0, 500, 1000, 1500]);
  });

  it("gives up after 20 tries (9.5 s); a failed check counts as not yet and is logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let count = 0;
    const result = pollUntilActive(async () => {
      count += 1;
      if (count === 3) throw new Error("network");
      return false;
    });
    await vi.advanceTimersByTimeAsync(9499);
    expect(count).toBe(19);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(false);
    expect(count).toBe(20);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("checkout event handler", () => {
  let calls: string[];
  let states: string[];
  let activeAfterChecks: number | null;
  let customerAnswer: boolean | Error;

  function makeHandler(overrides: Partial<CheckoutEventDeps> = {}) {
    let checks = 0;
    return createCheckoutEventHandler({
      user,
      updateCustomer: async (input) => {
        calls.push(`customer ${JSON.stringify(input)}`);
        if (customerAnswer instanceof Error) throw customerAnswer;
        return customerAnswer;
      },
      setPaymentInitiated: async (value) => {
        calls.push(`paymentInitiated ${value}`);
      },
      checkSubscription: async (query) => {
        checks += 1;
        calls.push(`check ${query.cid} ${query.transactionId}`);
        return { isActive: activeAfterChecks !== null && checks >= activeAfterChecks };
      },
      onCheckoutState: (state) => states.push(state),
      onVerified: () => calls.push("verified"),
      onClose: () => calls.push("close"),
      analytics: {
        trackCustomerUpdateFailed: () => calls.push("event paddle_customer_update_failed"),
        trackPaymentFailed: () => calls.push("event payment_failed"),
        trackPurchaseFailed: () => calls.push("event purchase_failed"),
        trackPurchase: (purchase) => calls.push(`event purchase ${JSON.stringify(purchase)}`),
      },
      ...overrides,
    });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    states = [];
    activeAfterChecks = 1;
    customerAnswer = true;
  });
  afterEach(() => vi.useRealTimers());

  it("links a created or updated customer to the user", async () => {
    const handler = makeHandler();
    await handler.handle({ name: "checkout.customer.created", data: { customer: { id: "ctm_1", email: "ana@example.com" } } });
    await handler.handle({ name: "checkout.customer.updated", data: { customer: { id: "ctm_1", email: null } } });
    expect(calls).toEqual([
      `customer {"customerId":"ctm_1","paddleCustomerEmail":"ana@example.com","userId":"user-1","cerebroId":"${user.cerebroId}"}`,
      `customer {"customerId":"ctm_1","paddleCustomerEmail":null,"userId":"user-1","cerebroId":"${user.cerebroId}"}`,
    ]);
  });

  it("an unsuccessful or failed customer update sends paddle_customer_update_failed", async () => {
    customerAnswer = false;
    await makeHandler().handle({ name: "checkout.customer.created", data: { customer: { id: "ctm_1", email: "a@b.co" } } });
    customerAnswer = new Error("502");
    await makeHandler().handle({ name: "checkout.customer.updated", data: { customer: { id: "ctm_1", email: "a@b.co" } } });
    expect(calls.filter((call) => call.startsWith("event"))).toEqual([
      "event paddle_customer_update_failed",
      "event paddle_customer_update_failed",
    ]);
  });

  it("payment start sets isPaymentInitiated; payment failure clears it and sends payment_failed", async () => {
    const handler = makeHandler();
    await handler.handle({ name: "checkout.payment.initiated" });
    await handler.handle({ name: "checkout.payment.failed" });
    expect(calls).toEqual(["paymentInitiated true", "event payment_failed", "paymentInitiated false"]);
    expect(states).toEqual([]);
  });

  it("completed: validating, verified by transaction id, success, the plan refreshed, closed 1 s later", async () => {
    activeAfterChecks = 3;
    const handler = makeHandler();
    const done = handler.handle({ name: "checkout.completed", data: { transaction_id: "txn_9" } });
    expect(states).toEqual(["validating"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(states).toEqual(["validating", "success"]);
    expect(calls).toEqual([`check ${user.cerebroId} txn_9`, `check ${user.cerebroId} txn_9`, `check ${user.cerebroId} txn_9`, "verified"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).not.toContain("close");
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(calls.at(-1)).toBe("close");
  });

  it("never active: failed and purchase_failed after 20 checks; nothing closes", async () => {
    activeAfterChecks = null;
    const done = makeHandler().handle({ name: "checkout.completed", data: { transaction_id: "txn_9" } });
    await vi.advanceTimersByTimeAsync(20_000);
    await done;
    expect(states).toEqual(["validating", "failed"]);
    expect(calls.filter((call) => call.startsWith("check"))).toHaveLength(20);
    expect(calls.at(-1)).toBe("event purchase_failed");
    expect(calls).not.toContain("verified");
    expect(calls).not.toContain("close");
  });

  it("a verified purchase sends the purchase event with what was paid; without a total, none", async () => {
    const done = makeHandler().handle({
      name: "checkout.completed",
      data: { transaction_id: "txn_9", totals: { total: 19.99 }, currency_code: "USD", items: [{ price_id: "pri_1year" }] },
    });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(calls).toContain(
      `event purchase ${JSON.stringify({ transactionId: "txn_9", price: 19.99, currency: "USD", priceId: "pri_1year" })}`,
    );
    calls = [];
    const bare = makeHandler().handle({ name: "checkout.completed", data: { transaction_id: "txn_8" } });
    await vi.advanceTimersByTimeAsync(1000);
    await bare;
    expect(calls.some((call) => call.startsWith("event purchase "))).toBe(false);
  });

  it("a repeated completed event while verifying is ignored", async () => {
    activeAfterChecks = 2;
    const handler = makeHandler();
    const first = handler.handle({ name: "checkout.completed", data: { transaction_id: "txn_9" } });
    await handler.handle({ name: "checkout.completed", data: { transaction_id: "txn_9" } });
    await vi.advanceTimersByTimeAsync(2000);
    await first;
    expect(states).toEqual(["validating", "success"]);
    expect(calls.filter((call) => call.startsWith("check"))).toHaveLength(2);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCatalog } from "~/core/billing/settings";
import { userData } from "~/infra/db/auth-schema";
import { billingSubscriptions, paddleEvents } from "~/infra/db/billing-schema";
import type { RunningWeb } from "~/server/start-web";
import type { UserPayload } from "~/shared/accounts/user-payload";
import type { Subscription } from "~/shared/billing/subscription";
import { type PaddleStandIn, startPaddleStandIn } from "../../../../test/stand-ins/paddle/server";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";

// Paddle Billing end to end over real HTTP (needs `npm run build`): the app talks to the Paddle stand-in
// with the official SDK, and the stand-in's checkout sends its signed webhooks to the app, which stores
// each event once, recomputes the entitlement and answers the checkout's verification. Forged, stale,
// replayed, duplicate and out-of-order deliveries change nothing they should not.

interface Buyer {
  client: TestClient;
  payload: UserPayload;
}
type Answer<T> = { success: true; data: T };

describe("billing API with the Paddle stand-in", () => {
  let standIn: PaddleStandIn;
  let web: RunningWeb;
  let counter = 0;

  beforeAll(async () => {
    standIn = await startPaddleStandIn();
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-billing-api-")),
      PADDLE_API_KEY: standIn.apiKey,
      PADDLE_API_BASE_URL: standIn.url,
      PADDLE_WEBHOOK_SECRET: standIn.webhookSecret,
      PADDLE_CLIENT_TOKEN: "test_standin",
      PADDLE_JS_URL: `${standIn.url}/paddle/v2/paddle.js`,
    });
    standIn.setWebhookUrl(`${web.url}/api/webhooks/paddle`);
  });
  afterAll(async () => {
    await standIn?.close();
    await web?.stop();
  });

  async function buyer(): Promise<Buyer> {
    const client = await verifiedClient(web, `buyer${++counter}@example.com`);
    const { payload } = (await (await client.api("GET", "/user")).json()) as { payload: UserPayload };
    return { client, payload };
  }
  const userOf = async ({ client }: Buyer) => ((await (await client.api("GET", "/user")).json()) as { payload: UserPayload }).payload;
  /** What the stand-in's paddle.js does on "Pay now"; the webhooks follow the answer. */
  async function pay({ payload }: Buyer, priceId: string): Promise<{ transactionId: string }> {
    const response = await fetch(`${standIn.url}/__checkout/complete`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        priceId,
        email: payload.email,
        customData: { cerebroId: payload.cerebroId, userId: payload.userId },
        clientToken: "test_standin",
      }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { transaction_id: string } };
    return { transactionId: data.transaction_id };
  }
  const check = async ({ client, payload }: Buyer, transactionId?: string) => {
    const query = `cid=${payload.cerebroId}${transactionId ? `&transactionId=${transactionId}` : ""}`;
    return client.api("GET", `/payment/subscriptions?${query}`);
  };
  const snapshot = async (userId: string) => ({
    user: (await web.database.db.select().from(userData).where(eq(userData.userId, userId)))[0],
    rows: await web.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)),
    events: (await web.database.db.select({ id: paddleEvents.eventId }).from(paddleEvents)).length,
  });
  /** A subscriber: paid for the yearly plan (t1: the app runs on 127.0.0.1, staging) and every webhook is in. */
  async function subscriber() {
    const someone = await buyer();
    const { transactionId } = await pay(someone, defaultCatalog.t1["1year"]);
    const deliveries = await standIn.settled();
    const created = deliveries.find(
      (d) => d.eventType === "subscription.created" && JSON.parse(d.body).data.transaction_id === transactionId,
    );
    if (!created) throw new Error("no subscription.created delivered");
    return { ...someone, transactionId, created, subscriptionEvent: JSON.parse(created.body) as { data: Record<string, unknown> } };
  }

  it("makes the buyer Pro once the checkout's signed webhooks arrive, and verifies that purchase", async () => {
    const someone = await buyer();
    expect(someone.payload.subscription).toBeNull();
    const before = (await (await check(someone, "txn_none")).json()) as Answer<{ isActive: boolean }>;
    expect(before).toEqual({ success: true, data: { isActive: false, subscription: null } });

    const sent = standIn.deliveries().length;
    const { transactionId } = await pay(someone, defaultCatalog.t1["1year"]);
    const deliveries = (await standIn.settled()).slice(sent);
    expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([
      ["customer.created", 200],
      ["transaction.completed", 200],
      ["subscription.created", 200],
    ]);
    const after = await userOf(someone);
    expect(after.subscription).toMatchObject({
      isActive: true,
      interval: "year",
      intervalCount: 1,
      productKey: "1year",
      subscriptionPlatform: "web",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(after.subscription?.renewsAt).toEqual(expect.stringMatching(/.+/));
    // customer.created came before the transaction that names the user: applied once it did.
    expect(after.paddleCustomerId).toMatch(/^ctm_/);
    expect(after.paddleCustomerEmail).toBe(someone.payload.email);
    const verified = (await (await check(someone, transactionId)).json()) as Answer<{ isActive: boolean; subscription: Subscription }>;
    expect(verified.data.isActive).toBe(true);
    expect(verified.data.subscription).toEqual(after.subscription);
    // Another purchase's id is not verified by this one.
    expect(((await (await check(someone, "txn_01other")).json()) as Answer<{ isActive: boolean }>).data.isActive).toBe(false);
    expect(((await (await someone.client.api("GET", "/user/plan")).json()) as { id: string }).id).toBe("pro");
  });

  it("makes a lifetime buyer Pro for life from the transaction alone (no subscription)", async () => {
    const someone = await buyer();
    const sent = standIn.deliveries().length;
    const { transactionId } = await pay(someone, defaultCatalog.t1.lifetime);
    expect((await standIn.settled()).slice(sent).map((d) => d.eventType)).toEqual(["customer.created", "transaction.completed"]);
    const expected = { isActive: true, interval: "lifetime", productKey: "lifetime", subscriptionId: transactionId, renewsAt: null };
    expect((await userOf(someone)).subscription).toMatchObject(expected);
    expect(((await (await check(someone, transactionId)).json()) as Answer<{ isActive: boolean }>).data.isActive).toBe(true);
    // Nothing recurring to cancel.
    expect((await someone.client.api("POST", "/paddle/cancel-subscription")).status).toBe(409);
  });

  it("refuses forged, stale and unsigned webhooks with 401 and stores nothing", async () => {
    const { payload, subscriptionEvent } = await subscriber();
    const before = await snapshot(payload.userId);
    const canceled = { ...subscriptionEvent.data, status: "canceled", canceled_at: new Date().toISOString() };
    for (const kind of ["forged", "stale"] as const) {
      const event = { event_type: "subscription.canceled", data: canceled };
      const delivery = await standIn.sendWebhook(event, kind);
      expect(delivery.status, kind).toBe(401);
      expect(await web.database.db.select().from(paddleEvents).where(eq(paddleEvents.eventId, delivery.eventId))).toEqual([]);
    }
    const unsigned = await fetch(`${web.url}/api/webhooks/paddle`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        event_id: "evt_unsigned",
        event_type: "subscription.canceled",
        occurred_at: new Date().toISOString(),
        data: canceled,
      }),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ success: false, errorCode: "INVALID_SIGNATURE", message: expect.stringMatching(/.+/) });
    expect(await snapshot(payload.userId)).toEqual(before);
  });

  it("answers a redelivered event and a duplicate event id with 200 and changes nothing", async () => {
    const { payload, created, subscriptionEvent } = await subscriber();
    const before = await snapshot(payload.userId);
    const replay = await standIn.redeliver(created.eventId);
    expect(replay.status).toBe(200);
    expect(replay.body).toBe(created.body);
    const duplicate = await standIn.sendWebhook({
      ...subscriptionEvent,
      occurred_at: new Date().toISOString(),
      data: { ...subscriptionEvent.data, status: "canceled", canceled_at: new Date().toISOString() },
    });
    expect(duplicate.status).toBe(200);
    expect(await snapshot(payload.userId)).toEqual(before);
  });

  it("ignores an update older than the one already applied", async () => {
    const buyerWithSub = await subscriber();
    const { created, subscriptionEvent } = buyerWithSub;
    const occurredAt = (JSON.parse(created.body) as { occurred_at: string }).occurred_at;
    const older = new Date(new Date(occurredAt).getTime() - 60_000).toISOString();
    const stale = await standIn.sendWebhook({
      event_type: "subscription.updated",
      occurred_at: older,
      data: { ...subscriptionEvent.data, status: "paused", next_billed_at: null },
    });
    expect(stale.status).toBe(200);
    expect((await userOf(buyerWithSub)).subscription).toMatchObject({ isActive: true, status: "active" });
    const newer = await standIn.sendWebhook({
      event_type: "subscription.paused",
      occurred_at: new Date(new Date(occurredAt).getTime() + 60_000).toISOString(),
      data: { ...subscriptionEvent.data, status: "paused", next_billed_at: null },
    });
    expect(newer.status).toBe(200);
    expect((await userOf(buyerWithSub)).subscription).toMatchObject({ isActive: false, status: "paused" });
  });

  it("cancels at the period end (still Pro until then) and takes the cancellation back", async () => {
    const someone = await subscriber();
    const periodEnd = (someone.subscriptionEvent.data.current_billing_period as { ends_at: string }).ends_at;
    const canceled = await someone.client.api("POST", "/paddle/cancel-subscription");
    expect(canceled.status).toBe(200);
    const scheduled = { isActive: true, status: "active", cancelAtPeriodEnd: true, renewsAt: null, endsAt: periodEnd };
    expect(((await canceled.json()) as Answer<{ subscription: Subscription }>).data.subscription).toMatchObject(scheduled);
    const updates = (await standIn.settled()).filter((d) => d.eventType === "subscription.updated");
    expect(updates.at(-1)?.status).toBe(200);
    expect((await userOf(someone)).subscription).toMatchObject(scheduled);

    const resumed = await someone.client.api("POST", "/paddle/stop-cancellation");
    expect(resumed.status).toBe(200);
    const renewing = { isActive: true, cancelAtPeriodEnd: false, endsAt: null, renewsAt: expect.stringMatching(/.+/) };
    expect(((await resumed.json()) as Answer<{ subscription: Subscription }>).data.subscription).toMatchObject(renewing);
    await standIn.settled();
    expect((await userOf(someone)).subscription).toMatchObject(renewing);
  });

  it("answers 409 to cancel and resume without an active subscription", async () => {
    const { client } = await buyer();
    for (const route of ["/paddle/cancel-subscription", "/paddle/stop-cancellation"]) {
      const answer = await client.api("POST", route);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ errorCode: "NO_ACTIVE_SUBSCRIPTION" });
    }
  });

  it("answers 404 for another user's cid, and 401 without a session", async () => {
    const owner = await subscriber();
    const other = await buyer();
    const answer = await other.client.api(
      "GET",
      `/payment/subscriptions?cid=${owner.payload.cerebroId}&transactionId=${owner.transactionId}`,
    );
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ errorCode: "NOT_FOUND" });
    expect((await fetch(`${web.url}/api/payment/subscriptions?cid=${owner.payload.cerebroId}`)).status).toBe(401);
  });

  it("stores the checkout's customer for the user, refusing someone else's ids or customer", async () => {
    const owner = await subscriber();
    const other = await buyer();
    const update = (body: Record<string, unknown>) => other.client.api("POST", "/paddle/customer-update", body);
    const own = { userId: other.payload.userId, cerebroId: other.payload.cerebroId };
    const foreign = { userId: owner.payload.userId, cerebroId: owner.payload.cerebroId };
    for (const ids of [foreign, { ...own, userId: foreign.userId }, { ...own, cerebroId: foreign.cerebroId }]) {
      const answer = await update({ customerId: "ctm_01mine", paddleCustomerEmail: "me@pay.example", ...ids });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ errorCode: "FORBIDDEN" });
    }
    const taken = await update({ customerId: (await userOf(owner)).paddleCustomerId, paddleCustomerEmail: null, ...own });
    expect(taken.status).toBe(403);
    const stored = await update({ customerId: "ctm_01mine", paddleCustomerEmail: "me@pay.example", ...own });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ success: true, data: { success: true } });
    expect(await userOf(other)).toMatchObject({ paddleCustomerId: "ctm_01mine", paddleCustomerEmail: "me@pay.example" });
    expect(await userOf(owner)).toMatchObject({ paddleCustomerId: expect.stringMatching(/^ctm_/) });
  });

  it("keeps isPaymentInitiated from POST /user/set", async () => {
    const someone = await buyer();
    expect(someone.payload.isPaymentInitiated).toBe(false);
    await someone.client.api("POST", "/user/set", { isPaymentInitiated: true });
    expect((await userOf(someone)).isPaymentInitiated).toBe(true);
    await someone.client.api("POST", "/user/set", { isPaymentInitiated: false });
    expect((await userOf(someone)).isPaymentInitiated).toBe(false);
  });
});

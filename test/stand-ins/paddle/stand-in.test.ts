import { spawn } from "node:child_process";
import { once } from "node:events";
import { ApiError, type Environment, EventName, Paddle } from "@paddle/paddle-node-sdk";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultCatalog, defaultDiscountCatalog } from "../../../src/core/billing/settings";
import { type Delivery, type PaddleStandIn, startPaddleStandIn } from "./server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { paddleH1 } from "./webhooks";

// The stand-in against the official SDK over real HTTP: if @paddle/paddle-node-sdk reads its answers and
// accepts its webhook signatures, the app's Paddle code is exercised as it will be against Paddle.

let standIn: PaddleStandIn;
let receiver: WebhookReceiver;
let paddle: Paddle;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startPaddleStandIn({ webhookUrl: receiver.url });
  paddle = new Paddle(standIn.apiKey, { environment: standIn.url as Environment });
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});
beforeEach(() => standIn.setScenario({ pricingPreview: "ok", payment: "success", webhooks: "on" }));

const yearly = defaultCatalog.t5["1year"];
const lifetime = defaultCatalog.t1.lifetime;
let emailCounter = 0;

async function checkout(priceId: string, extra: Record<string, unknown> = {}) {
  emailCounter += 1;
  const response = await fetch(`${standIn.url}/__checkout/complete`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://app.test" },
    body: JSON.stringify({
      priceId,
      email: `buyer${emailCounter}@example.com`,
      customData: { cerebroId: "6f1c2b1e-9a53-4d4e-8a43-2f1a6a8e0c11", userId: "u_1" },
      clientToken: "test_standin",
      ...extra,
    }),
  });
  return { response, body: (await response.json()) as { data: Record<string, unknown> } };
}

const sdkAccepts = (delivery: { body: string; signature: string }) =>
  paddle.webhooks.unmarshal(delivery.body, standIn.webhookSecret, delivery.signature);

describe("Paddle stand-in: signatures", () => {
  it("signs as Paddle does (the SDK's known-answer vector)", () => {
    expect(paddleH1("VALID_SECRET", 1698796800, '{"data": ["1", "2"]}')).toBe(
      "a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9",
    );
  });

  it("sends valid, forged and stale signatures that the SDK accepts and rejects, and redelivers the same body", async () => {
    const event = {
      event_id: "evt_01standintest0000000000",
      event_type: "customer.updated",
      occurred_at: new Date().toISOString(),
      notification_id: "ntf_01standintest0000000000",
      data: {
        id: "ctm_01standintest0000000000",
        name: null,
        email: "a@example.com",
        marketing_consent: false,
        status: "active",
        custom_data: null,
        locale: "en",
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        import_meta: null,
      },
    };
    const valid = await standIn.sendWebhook(event);
    expect(valid).toMatchObject({ eventId: event.event_id, eventType: "customer.updated", status: 200 });
    expect((await sdkAccepts(valid)).eventType).toBe(EventName.CustomerUpdated);

    const forged = await standIn.sendWebhook(event, "forged");
    await expect(sdkAccepts(forged)).rejects.toThrow(/signature verification failed/);
    const stale = await standIn.sendWebhook(event, "stale", { staleSeconds: 3600 });
    expect(Number(/ts=(\d+)/.exec(stale.signature)?.[1])).toBeLessThan(Date.now() / 1000 - 3500);
    await expect(sdkAccepts(stale)).rejects.toThrow(/signature verification failed/);

    const again = await standIn.redeliver(event.event_id);
    expect(again.body).toBe(valid.body);
    await expect(sdkAccepts(again)).resolves.toBeDefined();
    expect(receiver.received.at(-1)).toEqual({ body: valid.body, signature: again.signature, contentType: "application/json" });
  });
});

describe("Paddle stand-in: API through the official SDK", () => {
  it("refuses requests without the API key (401) or with another key (403)", async () => {
    const stranger = new Paddle("pdl_sdbx_apikey_other", { environment: standIn.url as Environment });
    await expect(stranger.subscriptions.get("sub_01x")).rejects.toMatchObject({ code: "forbidden" });
    expect((await fetch(`${standIn.url}/discounts`)).status).toBe(401);
  });

  it("previews the yearly price with the 71% discount, and honours the empty and error scenarios", async () => {
    const preview = await paddle.pricingPreview.preview({
      items: [{ priceId: yearly, quantity: 1 }],
      currencyCode: "USD",
      discountId: defaultDiscountCatalog.discount71,
      address: { countryCode: "US" },
    });
    const [line] = preview.details.lineItems;
    expect(line?.price.unitPrice).toEqual({ amount: "6999", currencyCode: "USD" });
    expect(line?.price.billingCycle).toEqual({ interval: "year", frequency: 1 });
    expect(line?.totals).toEqual({ subtotal: "6999", discount: "4969", tax: "0", total: "2030" });
    expect(line?.formattedTotals.total).toBe("$20.30");
    expect(line?.product.name).toBe("Parley Pro");
    expect(line?.discounts[0]?.discount.amount).toBe("71");

    standIn.setScenario({ pricingPreview: "empty" });
    expect((await paddle.pricingPreview.preview({ items: [{ priceId: yearly, quantity: 1 }] })).details.lineItems).toEqual([]);
    standIn.setScenario({ pricingPreview: "error" });
    const failure = await paddle.pricingPreview.preview({ items: [{ priceId: yearly, quantity: 1 }] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ type: "api_error" });
  });

  it("lists discounts by id across pages (next is an absolute URL on the stand-in)", async () => {
    const ids: string[] = [];
    const collection = paddle.discounts.list({ id: [defaultDiscountCatalog.discount60, defaultDiscountCatalog.discount71], perPage: 1 });
    for await (const discount of collection) ids.push(`${discount.id}:${discount.type}:${discount.amount}`);
    expect(ids).toEqual([`${defaultDiscountCatalog.discount60}:percentage:60`, `${defaultDiscountCatalog.discount71}:percentage:71`]);
    const prices = await paddle.prices.list({ id: [yearly, lifetime] }).next();
    expect(prices.map((price) => [price.id, price.description, price.billingCycle])).toEqual([
      [lifetime, "Pro lifetime", null],
      [yearly, "Pro yearly", { interval: "year", frequency: 1 }],
    ]);
  });
});

describe("Paddle stand-in: checkout, webhooks and subscription changes", () => {
  it("completes a yearly checkout: answers checkout.completed data, then delivers three signed webhooks in order", async () => {
    const before = receiver.received.length;
    const { response, body } = await checkout(yearly, { discountId: defaultDiscountCatalog.discount71 });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(body.data).toMatchObject({
      status: "completed",
      currency_code: "USD",
      custom_data: { cerebroId: "6f1c2b1e-9a53-4d4e-8a43-2f1a6a8e0c11", userId: "u_1" },
      totals: { subtotal: 69.99, discount: 49.69, total: 20.3 },
      discount: { id: defaultDiscountCatalog.discount71 },
    });
    await receiver.waitFor(before + 3);
    const arrived = receiver.received.slice(before);
    const events = await Promise.all(arrived.map(sdkAccepts));
    expect(events.map((event) => event.eventType)).toEqual([
      EventName.CustomerCreated,
      EventName.TransactionCompleted,
      EventName.SubscriptionCreated,
    ]);
    const times = events.map((event) => Date.parse(event.occurredAt));
    expect(times[0]).toBeLessThan(times[1] ?? 0);
    expect(times[1]).toBeLessThan(times[2] ?? 0);

    const [customerEvent, transactionEvent, subscriptionEvent] = events;
    if (
      customerEvent?.eventType !== EventName.CustomerCreated ||
      transactionEvent?.eventType !== EventName.TransactionCompleted ||
      subscriptionEvent?.eventType !== EventName.SubscriptionCreated
    )
      throw new Error("unexpected events");
    expect(transactionEvent.data).toMatchObject({
      id: body.data.transaction_id,
      status: "completed",
      origin: "web",
      customerId: customerEvent.data.id,
      discountId: defaultDiscountCatalog.discount71,
      customData: { userId: "u_1" },
    });
    expect(transactionEvent.data.details?.totals?.total).toBe("2030");
    expect(subscriptionEvent.data).toMatchObject({
      status: "active",
      transactionId: transactionEvent.data.id,
      customerId: customerEvent.data.id,
      billingCycle: { interval: "year", frequency: 1 },
      customData: { cerebroId: "6f1c2b1e-9a53-4d4e-8a43-2f1a6a8e0c11", userId: "u_1" },
      scheduledChange: null,
    });
    expect(subscriptionEvent.data.items[0]?.price?.id).toBe(yearly);
    expect(transactionEvent.data.subscriptionId).toBe(subscriptionEvent.data.id);

    // The same entities answer through the API.
    expect((await paddle.transactions.get(transactionEvent.data.id)).customData).toEqual(body.data.custom_data);
    expect((await paddle.customers.get(customerEvent.data.id)).email).toBe(customerEvent.data.email);
    const listed = await paddle.subscriptions.list({ customerId: [customerEvent.data.id] }).next();
    expect(listed.map((subscription) => subscription.id)).toEqual([subscriptionEvent.data.id]);
  });

  it("cancels at the period end, resumes, refuses other scheduled changes, then cancels immediately, with a webhook each", async () => {
    const before = receiver.received.length;
    await checkout(defaultCatalog.t1["1month"]);
    await receiver.waitFor(before + 3);
    const subscriptionId = String(JSON.parse(receiver.received[before + 2]?.body ?? "{}").data.id);

    const scheduled = await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: "next_billing_period" });
    expect(scheduled.status).toBe("active");
    expect(scheduled.scheduledChange).toEqual({
      action: "cancel",
      effectiveAt: scheduled.currentBillingPeriod?.endsAt,
      resumeAt: null,
    });
    const resumed = await paddle.subscriptions.update(subscriptionId, { scheduledChange: null });
    expect(resumed.scheduledChange).toBeNull();
    expect((await paddle.subscriptions.get(subscriptionId)).scheduledChange).toBeNull();
    const refused = await fetch(`${standIn.url}/subscriptions/${subscriptionId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${standIn.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ scheduled_change: { action: "cancel", effective_at: new Date().toISOString() } }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("subscription_scheduled_change_invalid_update");

    const canceled = await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: "immediately" });
    expect(canceled).toMatchObject({ status: "canceled", nextBilledAt: null, currentBillingPeriod: null, scheduledChange: null });
    expect(canceled.canceledAt).not.toBeNull();

    await receiver.waitFor(before + 6);
    const changes = await Promise.all(receiver.received.slice(before + 3).map(sdkAccepts));
    expect(changes.map((event) => event.eventType)).toEqual([
      EventName.SubscriptionUpdated,
      EventName.SubscriptionUpdated,
      EventName.SubscriptionCanceled,
    ]);
    const [cancelAtEnd, resume] = changes;
    if (cancelAtEnd?.eventType !== EventName.SubscriptionUpdated || resume?.eventType !== EventName.SubscriptionUpdated)
      throw new Error("unexpected events");
    expect(cancelAtEnd.data.scheduledChange?.action).toBe("cancel");
    expect(resume.data.scheduledChange).toBeNull();
  });

  it("buys lifetime without a subscription, reusing the customer; declines on the declined scenario", async () => {
    const first = await checkout(defaultCatalog.t1["1month"]);
    const email = (first.body.data.customer as { email: string }).email;
    const deliveredBefore = (await standIn.settled()).length;
    const { body } = await checkout(lifetime, { email });
    expect(body.data.customer).toMatchObject({ id: (first.body.data.customer as { id: string }).id });
    const deliveries = (await standIn.settled()).slice(deliveredBefore);
    expect(deliveries.map((delivery) => delivery.eventType)).toEqual(["transaction.completed"]);
    await expect(sdkAccepts(deliveries[0] as Delivery)).resolves.toBeDefined();
    const transaction = await paddle.transactions.get(String(body.data.transaction_id));
    expect(transaction.subscriptionId).toBeNull();
    expect(transaction.billingPeriod).toBeNull();
    expect(transaction.details?.totals?.total).toBe("19900");

    standIn.setScenario({ payment: "declined" });
    const declined = await checkout(yearly);
    expect(declined.response.status).toBe(402);
    expect(declined.body).toMatchObject({ error: { code: "payment_declined" } });
  });

  it("records but does not POST while webhooks are off; redeliver then sends the recorded event", async () => {
    standIn.setScenario({ webhooks: "off" });
    const deliveredBefore = (await standIn.settled()).length;
    const receivedBefore = receiver.received.length;
    await checkout(lifetime);
    const recorded = (await standIn.settled()).slice(deliveredBefore);
    expect(recorded.map((delivery) => [delivery.eventType, delivery.status])).toEqual([
      ["customer.created", 0],
      ["transaction.completed", 0],
    ]);
    expect(receiver.received.length).toBe(receivedBefore);
    const sent = await standIn.redeliver(recorded[1]?.eventId ?? "");
    expect(sent.status).toBe(200);
    expect(receiver.received.at(-1)?.body).toBe(recorded[1]?.body);
  });
});

describe("Paddle stand-in as a process", () => {
  it("starts on --port, answers /health and the control API, and serves paddle.js with CORS", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/stand-ins/paddle/main.ts", "--port", "0"], {
      env: { ...process.env, PADDLE_STAND_IN_WEBHOOK_URL: receiver.url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let output = "";
      child.stdout.setEncoding("utf8");
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          output += chunk;
          const match = /listening on (\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
      const post = (path: string, body: unknown) =>
        fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(await (await post("/__test/scenario", { payment: "declined" })).json()).toMatchObject({ payment: "declined" });
      expect((await post("/__test/scenario", { payment: "maybe" })).status).toBe(400);
      const sent = (await (
        await post("/__test/send", { event: { event_type: "customer.updated", data: {} }, signature: "forged" })
      ).json()) as Delivery;
      expect(sent).toMatchObject({ eventType: "customer.updated", status: 200 });
      const listed = (await (await fetch(`${base}/__test/deliveries`)).json()) as Delivery[];
      expect(listed.map((delivery) => delivery.eventId)).toEqual([sent.eventId]);
      expect((await post("/__test/redeliver", { eventId: sent.eventId })).status).toBe(200);
      const script = await fetch(`${base}/paddle/v2/paddle.js`, { headers: { origin: "http://app.test" } });
      expect(script.headers.get("content-type")).toContain("text/javascript");
      expect(script.headers.get("access-control-allow-origin")).toBe("*");
      expect(await script.text()).toContain("window.PaddleBillingV1");
      const preflight = await fetch(`${base}/__checkout/complete`, {
        method: "OPTIONS",
        headers: { origin: "http://app.test", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      expect(preflight.status).toBe(204);
    } finally {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    }
  });
});

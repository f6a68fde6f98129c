import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, userData } from "~/infra/db/auth-schema";
import { billingSubscriptions, paddleEvents } from "~/infra/db/billing-schema";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { customerData, paddleEvent, samplePrices, subscriptionData, transactionData } from "../../../test/support/paddle-event-samples";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { ensureUserData } from "../accounts/mutations";
import { findBillingAccount } from "./data";
import { paddleEventInput } from "./schema";
import { defaultCatalog } from "./settings";
import { receivePaddleEvent } from "./webhook-events";

// Storing Paddle events once and finding whose they are: the checkout's custom_data (userId and
// cerebroId together), else the customer id the user paid with; events that come before their user is
// known are kept and applied once it is.
const settings = { catalog: defaultCatalog };
const at = (day: number) => new Date(Date.UTC(2025, 0, day)).toISOString();

describe.each(databaseKinds)("Paddle events on %s", (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  let counter = 0;

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newUser() {
    const userId = `evt-${kind}-${++counter}`;
    await db.insert(user).values({ id: userId, name: "Buyer", email: `${userId}@example.com` });
    await ensureUserData(db, { userId, language: null });
    const account = await findBillingAccount(db, { userId });
    if (!account) throw new Error("no user data");
    return { userId, customData: { userId, cerebroId: account.cerebroId }, customerId: `ctm_${userId}` };
  }
  const receive = (event: ReturnType<typeof paddleEvent>) =>
    receivePaddleEvent(db, settings, { event: paddleEventInput.parse(event), payload: event });
  const storedEvent = async (eventId: string) => (await db.select().from(paddleEvents).where(eq(paddleEvents.eventId, eventId)))[0];
  const dataOf = async (userId: string) => (await db.select().from(userData).where(eq(userData.userId, userId)))[0];

  it("stores an event once: the same event id again changes nothing", async () => {
    const { userId, customData, customerId } = await newUser();
    const event = paddleEvent("subscription.created", at(1), subscriptionData({ id: `sub_${userId}`, customData, customerId }));
    expect(await receive(event)).toEqual({ kind: "stored", userId, error: null });
    const before = {
      data: await dataOf(userId),
      rows: await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)),
    };
    // A replay with other contents under the same id is still the same event.
    const replay = { ...event, data: subscriptionData({ id: `sub_${userId}`, customData, customerId, status: "canceled" }) };
    expect(await receive(replay)).toEqual({ kind: "duplicate" });
    expect(await receive(event)).toEqual({ kind: "duplicate" });
    expect(await dataOf(userId)).toEqual(before.data);
    expect(await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId))).toEqual(before.rows);
    const stored = await storedEvent(event.event_id);
    expect(stored).toMatchObject({ eventType: "subscription.created", userId, error: null, payload: event });
    expect(stored?.processedAt).toBeInstanceOf(Date);
  });

  it("keeps an event of an unknown user with the reason, and needs userId and cerebroId to match together", async () => {
    const { userId, customData } = await newUser();
    const stranger = { userId, cerebroId: "00000000-0000-4000-8000-000000000000" };
    for (const custom of [stranger, { userId: "nobody", cerebroId: customData.cerebroId }, { userId, cerebroId: "not-a-uuid" }, null]) {
      const event = paddleEvent(
        "subscription.created",
        at(1),
        subscriptionData({ id: `sub_${userId}_${counter++}`, customData: custom, customerId: "ctm_unknown" }),
      );
      expect(await receive(event)).toEqual({ kind: "stored", userId: null, error: "no user" });
      expect(await storedEvent(event.event_id)).toMatchObject({ userId: null, error: "no user" });
    }
    expect((await dataOf(userId))?.subscription).toBeNull();
  });

  it("stores event types it does not act on, and refuses nothing", async () => {
    const event = paddleEvent("adjustment.created", at(1), { id: "adj_01" });
    expect(await receive(event)).toEqual({ kind: "stored", userId: null, error: null });
    const broken = paddleEvent("subscription.updated", at(1), { id: "sub_broken" });
    expect(await receive(broken)).toEqual({ kind: "stored", userId: null, error: "invalid data" });
  });

  it("links the first customer id, finds the user by it later, and applies the customer event that came first", async () => {
    const { userId, customData, customerId } = await newUser();
    const created = paddleEvent("customer.created", at(1), customerData({ id: customerId, email: "buyer@pay.example" }));
    expect(await receive(created)).toEqual({ kind: "stored", userId: null, error: "no user" });
    await receive(
      paddleEvent(
        "transaction.completed",
        at(2),
        transactionData({ id: `txn_${userId}`, priceId: samplePrices.yearly, customerId, customData }),
      ),
    );
    expect(await dataOf(userId)).toMatchObject({ paddleCustomerId: customerId, paddleCustomerEmail: "buyer@pay.example" });
    expect(await storedEvent(created.event_id)).toMatchObject({ userId, error: null });
    // No custom_data (a renewal Paddle starts itself): the customer id finds the user.
    const renewal = paddleEvent("subscription.updated", at(3), subscriptionData({ id: `sub_${userId}`, customData: null, customerId }));
    expect(await receive(renewal)).toEqual({ kind: "stored", userId, error: null });
    await receive(paddleEvent("customer.updated", at(4), customerData({ id: customerId, email: "new@pay.example" })));
    expect(await dataOf(userId)).toMatchObject({ paddleCustomerEmail: "new@pay.example", subscription: { isActive: true } });
  });

  it("never moves a subscription row to another user", async () => {
    const owner = await newUser();
    const other = await newUser();
    const id = `sub_${owner.userId}`;
    await receive(paddleEvent("subscription.created", at(1), subscriptionData({ id, customData: owner.customData })));
    await receive(paddleEvent("subscription.updated", at(2), subscriptionData({ id, customData: other.customData, status: "canceled" })));
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
    expect(row).toMatchObject({ userId: owner.userId, status: "active" });
    expect((await dataOf(other.userId))?.subscription).toBeNull();
  });
});

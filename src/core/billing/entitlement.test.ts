import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, userData } from "~/infra/db/auth-schema";
import { billingSubscriptions } from "~/infra/db/billing-schema";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { listenNoteChanges, type NoteChange } from "~/infra/db/note-changes";
import {
  paddleEvent,
  type SampleSubscription,
  samplePrices,
  subscriptionData,
  transactionData,
} from "../../../test/support/paddle-event-samples";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { ensureUserData } from "../accounts/mutations";
import { findBillingAccount } from "./data";
import { recomputeEntitlement } from "./mutations";
import { paddleEventInput } from "./schema";
import { defaultCatalog } from "./settings";
import { receivePaddleEvent } from "./webhook-events";

// The entitlement (user_data.subscription) recomputed from every Paddle row of the user, whatever order
// Paddle delivers in: spec sections 3 and 6, interpretations 24.
const settings = { catalog: defaultCatalog };
const at = (day: number, hour = 0) => new Date(Date.UTC(2025, 0, day, hour)).toISOString();

describe.each(databaseKinds)("entitlement on %s", (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  let counter = 0;
  const changes: NoteChange[] = [];
  let unlisten: () => Promise<void>;

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    db = database.db;
    unlisten = await listenNoteChanges(database, (change) => changes.push(change));
  });
  afterAll(async () => {
    await unlisten?.();
    await database?.close();
  });

  /** A new user with user data; custom_data as the checkout sends it. */
  async function newUser(): Promise<{ userId: string; customData: { userId: string; cerebroId: string } }> {
    const userId = `ent-${kind}-${++counter}`;
    await db.insert(user).values({ id: userId, name: "Buyer", email: `${userId}@example.com` });
    await ensureUserData(db, { userId, language: null });
    const account = await findBillingAccount(db, { userId });
    if (!account) throw new Error("no user data");
    return { userId, customData: { userId, cerebroId: account.cerebroId } };
  }
  const receive = (event: ReturnType<typeof paddleEvent>) =>
    receivePaddleEvent(db, settings, { event: paddleEventInput.parse(event), payload: event });
  const subscriptionEvent = (type: string, occurredAt: string, s: SampleSubscription) =>
    receive(paddleEvent(`subscription.${type}`, occurredAt, subscriptionData(s)));
  const entitlement = async (userId: string) => (await findBillingAccount(db, { userId }))?.subscription ?? null;

  it("makes a subscriber Pro with the renewal date and product, and tells the user's open pages", async () => {
    const { userId, customData } = await newUser();
    const outcome = await subscriptionEvent("created", at(1), {
      id: `sub_${userId}`,
      customData,
      priceId: samplePrices.quarterly,
      frequency: 3,
      nextBilledAt: at(90),
    });
    expect(outcome).toEqual({ kind: "stored", userId, error: null });
    expect(await entitlement(userId)).toEqual({
      isActive: true,
      interval: "month",
      subscriptionPlatform: "web",
      intervalCount: 3,
      productKey: "3month",
      subscriptionId: `sub_${userId}`,
      status: "active",
      renewsAt: at(90),
      endsAt: null,
      cancelAtPeriodEnd: false,
    });
    await expect.poll(() => changes.some((change) => change.userId === userId && "topic" in change)).toBe(true);
  });

  it("keeps the newest state when Paddle delivers an older update after a newer one", async () => {
    const { userId, customData } = await newUser();
    const id = `sub_${userId}`;
    const cancel = { action: "cancel", effective_at: at(32), resume_at: null };
    await subscriptionEvent("created", at(1), { id, customData });
    await subscriptionEvent("updated", at(3), { id, customData, scheduledChange: cancel });
    const [before] = await db.select().from(userData).where(eq(userData.userId, userId));
    await subscriptionEvent("updated", at(2), { id, customData, scheduledChange: null });
    expect(await entitlement(userId)).toMatchObject({ isActive: true, cancelAtPeriodEnd: true, endsAt: at(32), renewsAt: null });
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
    expect(row?.eventOccurredAt.toISOString()).toBe(at(3));
    // The entitlement did not change, so neither did the user's row.
    const [after] = await db.select().from(userData).where(eq(userData.userId, userId));
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });

  it("shows a scheduled cancellation as Pro until the period end, and renewal again once it is stopped", async () => {
    const { userId, customData } = await newUser();
    const id = `sub_${userId}`;
    await subscriptionEvent("created", at(1), { id, customData, nextBilledAt: at(32) });
    await subscriptionEvent("updated", at(5), {
      id,
      customData,
      nextBilledAt: at(32),
      scheduledChange: { action: "cancel", effective_at: at(32), resume_at: null },
    });
    expect(await entitlement(userId)).toMatchObject({
      isActive: true,
      status: "active",
      cancelAtPeriodEnd: true,
      renewsAt: null,
      endsAt: at(32),
    });
    await subscriptionEvent("updated", at(6), { id, customData, nextBilledAt: at(32), scheduledChange: null });
    expect(await entitlement(userId)).toMatchObject({ isActive: true, cancelAtPeriodEnd: false, renewsAt: at(32), endsAt: null });
  });

  it("ends Pro when the subscription is canceled, saying when", async () => {
    const { userId, customData } = await newUser();
    const id = `sub_${userId}`;
    await subscriptionEvent("created", at(1), { id, customData });
    await subscriptionEvent("canceled", at(32), {
      id,
      customData,
      status: "canceled",
      canceledAt: at(32),
      nextBilledAt: null,
      periodEndsAt: null,
    });
    expect(await entitlement(userId)).toMatchObject({
      isActive: false,
      status: "canceled",
      interval: "month",
      renewsAt: null,
      endsAt: at(32),
      cancelAtPeriodEnd: false,
    });
  });

  it("keeps Pro through past_due (Paddle still retries the payment) and loses it when paused", async () => {
    const { userId, customData } = await newUser();
    const id = `sub_${userId}`;
    await subscriptionEvent("past_due", at(2), { id, customData, status: "past_due" });
    expect(await entitlement(userId)).toMatchObject({ isActive: true, status: "past_due" });
    await subscriptionEvent("paused", at(3), { id, customData, status: "paused", nextBilledAt: null });
    expect(await entitlement(userId)).toMatchObject({ isActive: false, status: "paused" });
  });

  it("lets a lifetime purchase win over a monthly subscription, canceled or not", async () => {
    const { userId, customData } = await newUser();
    const monthly = `sub_${userId}`;
    await subscriptionEvent("created", at(1), { id: monthly, customData });
    await receive(
      paddleEvent("transaction.completed", at(2), transactionData({ id: `txn_${userId}`, priceId: samplePrices.lifetime, customData })),
    );
    const lifetime = {
      isActive: true,
      interval: "lifetime",
      intervalCount: 1,
      productKey: "lifetime",
      subscriptionId: `txn_${userId}`,
      status: "active",
      renewsAt: null,
      endsAt: null,
      cancelAtPeriodEnd: false,
    };
    expect(await entitlement(userId)).toMatchObject(lifetime);
    await subscriptionEvent("canceled", at(3), { id: monthly, customData, status: "canceled", canceledAt: at(3), nextBilledAt: null });
    expect(await entitlement(userId)).toMatchObject(lifetime);
  });

  it("does not count a transaction of a recurring price as lifetime", async () => {
    const { userId, customData } = await newUser();
    await receive(
      paddleEvent("transaction.completed", at(1), transactionData({ id: `txn_${userId}`, priceId: samplePrices.monthly, customData })),
    );
    expect(await entitlement(userId)).toBeNull();
    expect(await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId))).toEqual([]);
  });

  it("with two subscriptions follows the newest active one, then the one left, then the newest ended", async () => {
    const { userId, customData } = await newUser();
    const [first, second] = [`sub_${userId}_a`, `sub_${userId}_b`];
    await subscriptionEvent("created", at(1), { id: first, customData, priceId: samplePrices.monthly });
    await subscriptionEvent("created", at(2), { id: second, customData, priceId: samplePrices.yearly, interval: "year" });
    expect(await entitlement(userId)).toMatchObject({ isActive: true, subscriptionId: second, interval: "year", productKey: "1year" });
    await subscriptionEvent("canceled", at(3), { id: second, customData, status: "canceled", canceledAt: at(3), interval: "year" });
    expect(await entitlement(userId)).toMatchObject({ isActive: true, subscriptionId: first, interval: "month", productKey: "1month" });
    await subscriptionEvent("canceled", at(4), { id: first, customData, status: "canceled", canceledAt: at(4) });
    expect(await entitlement(userId)).toMatchObject({ isActive: false, subscriptionId: first, endsAt: at(4) });
  });

  it("is null for a user who never paid, without touching their row", async () => {
    const { userId } = await newUser();
    const [before] = await db.select().from(userData).where(eq(userData.userId, userId));
    expect(await recomputeEntitlement(db, settings, { userId })).toBeNull();
    const [after] = await db.select().from(userData).where(eq(userData.userId, userId));
    expect(after?.subscription).toBeNull();
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });
});

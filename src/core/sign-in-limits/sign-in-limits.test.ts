import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { findSignInLock } from "./data";
import { clearFailedSignIns, recordFailedSignIn } from "./mutations";
import { lockMs, maxFailuresPerWindow } from "./policy";

const minute = 60 * 1000;

describe.each(databaseKinds)("per-account sign-in limit on %s", (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  const start = new Date("2026-03-01T10:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function fail(email: string, times: number, when: Date): Promise<Date | null> {
    let lockedUntil: Date | null = null;
    for (let index = 0; index < times; index++) lockedUntil = await recordFailedSignIn(db, { email, at: when });
    return lockedUntil;
  }

  it("locks an address for 5 minutes at its 10th failure in 15 minutes, whatever its case", async () => {
    expect(maxFailuresPerWindow).toBe(10);
    expect(await fail("Owner@Example.com", 9, at(0))).toBeNull();
    expect(await findSignInLock(db, { email: "owner@example.com", at: at(minute) })).toBeNull();
    const lockedUntil = await recordFailedSignIn(db, { email: " owner@example.COM", at: at(2 * minute) });
    expect(lockedUntil?.toISOString()).toBe(at(2 * minute + lockMs).toISOString());
    expect(await findSignInLock(db, { email: "OWNER@example.com", at: at(3 * minute) })).toEqual(lockedUntil);
    // Other addresses are not touched.
    expect(await findSignInLock(db, { email: "other@example.com", at: at(3 * minute) })).toBeNull();
    // The lock ends by itself, and the owner then has a fresh count.
    expect(await findSignInLock(db, { email: "owner@example.com", at: at(2 * minute + lockMs) })).toBeNull();
    expect(await fail("owner@example.com", 9, at(2 * minute + lockMs + 1000))).toBeNull();
  });

  it("forgets failures older than the 15-minute window", async () => {
    expect(await fail("slow@example.com", 9, at(0))).toBeNull();
    expect(await fail("slow@example.com", 9, at(15 * minute))).toBeNull();
    expect(await recordFailedSignIn(db, { email: "slow@example.com", at: at(16 * minute) })).not.toBeNull();
  });

  it("starts the count again after a successful sign-in", async () => {
    expect(await fail("back@example.com", 9, at(0))).toBeNull();
    await clearFailedSignIns(db, { email: "BACK@example.com" });
    expect(await fail("back@example.com", 9, at(minute))).toBeNull();
  });

  it("counts every failure when processes record them at once", async () => {
    await Promise.all(Array.from({ length: 10 }, () => recordFailedSignIn(db, { email: "race@example.com", at: at(0) })));
    expect(await findSignInLock(db, { email: "race@example.com", at: at(minute) })).not.toBeNull();
  });
});

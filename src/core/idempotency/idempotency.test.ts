import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "./mutations";
import { abandonedClaimMs, keyLifetimeMs } from "./policy";

describe.each(databaseKinds)("idempotency keys on %s", (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  const start = new Date("2026-03-01T10:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    db = database.db;
    await db.insert(user).values([
      { id: "ana", name: "Ana", email: "ana@example.com" },
      { id: "bob", name: "Bob", email: "bob@example.com" },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives a key to one request, then replays its answer to the same request only", async () => {
    const first = { userId: "ana", key: "k1", requestHash: "h1", at: at(0) };
    expect(await claimIdempotencyKey(db, first)).toEqual({ kind: "claimed" });
    expect(await claimIdempotencyKey(db, { ...first, at: at(1000) })).toEqual({ kind: "in_progress" });
    await completeIdempotencyKey(db, { userId: "ana", key: "k1", status: 201, body: { id: "n1" } });
    expect(await claimIdempotencyKey(db, { ...first, at: at(2000) })).toEqual({ kind: "replay", status: 201, body: { id: "n1" } });
    expect(await claimIdempotencyKey(db, { ...first, requestHash: "h2", at: at(3000) })).toEqual({ kind: "other_request" });
    // Keys are per user.
    expect(await claimIdempotencyKey(db, { ...first, userId: "bob", at: at(3000) })).toEqual({ kind: "claimed" });
  });

  it("forgets a key after 24 hours", async () => {
    const first = { userId: "ana", key: "k2", requestHash: "h1", at: at(0) };
    expect(await claimIdempotencyKey(db, first)).toEqual({ kind: "claimed" });
    await completeIdempotencyKey(db, { userId: "ana", key: "k2", status: 201, body: { id: "n2" } });
    expect((await claimIdempotencyKey(db, { ...first, at: at(keyLifetimeMs - 1000) })).kind).toBe("replay");
    expect(await claimIdempotencyKey(db, { ...first, requestHash: "h2", at: at(keyLifetimeMs + 1000) })).toEqual({ kind: "claimed" });
  });

  it("frees a key whose request failed, and one whose process died", async () => {
    const first = { userId: "ana", key: "k3", requestHash: "h1", at: at(0) };
    expect(await claimIdempotencyKey(db, first)).toEqual({ kind: "claimed" });
    await releaseIdempotencyKey(db, { userId: "ana", key: "k3" });
    expect(await claimIdempotencyKey(db, { ...first, at: at(1000) })).toEqual({ kind: "claimed" });
    expect(await claimIdempotencyKey(db, { ...first, at: at(abandonedClaimMs - 1000) })).toEqual({ kind: "in_progress" });
    expect(await claimIdempotencyKey(db, { ...first, at: at(abandonedClaimMs + 2000) })).toEqual({ kind: "claimed" });
  });

  it("lets exactly one of many simultaneous requests claim a key", async () => {
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimIdempotencyKey(db, { userId: "bob", key: "race", requestHash: "h", at: at(0) })),
    );
    expect(claims.filter((claim) => claim.kind === "claimed")).toHaveLength(1);
    expect(claims.filter((claim) => claim.kind === "in_progress")).toHaveLength(7);
  });
});

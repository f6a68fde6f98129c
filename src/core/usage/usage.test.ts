import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { DatabaseHandle } from "~/infra/db/client";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { getUsage } from "./data";
import { recordTranscription, recordUpload, releaseUpload } from "./mutations";
import { billableMinutes, usagePeriod } from "./schema";

describe("usage rules", () => {
  it("rounds minutes up per note (interpretations 4)", () => {
    expect([0, 1, 59, 60, 61, 3600].map(billableMinutes)).toEqual([0, 1, 1, 1, 2, 60]);
  });

  it("counts by calendar month in UTC", () => {
    expect(usagePeriod(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11");
    expect(usagePeriod(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
  });
});

describe.each(databaseKinds)("usage records on %s", (kind) => {
  let database: DatabaseHandle;
  const now = new Date("2026-11-15T12:00:00Z");

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    await database.db.insert(user).values([
      { id: "u1", name: "One", email: "one@example.com" },
      { id: "u2", name: "Two", email: "two@example.com" },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("sums a user's month, counts each note once, and keeps users and months apart", async () => {
    const db = database.db;
    await recordTranscription(db, { userId: "u1", noteId: "n1", seconds: 61, at: now });
    await recordTranscription(db, { userId: "u1", noteId: "n1", seconds: 61, at: now });
    await recordTranscription(db, { userId: "u1", noteId: "n2", seconds: 10, at: now });
    await recordUpload(db, { userId: "u1", noteId: "n1", at: now });
    await recordUpload(db, { userId: "u1", noteId: "n1", at: now });
    await recordTranscription(db, { userId: "u2", noteId: "n3", seconds: 600, at: now });
    await recordTranscription(db, { userId: "u1", noteId: "n4", seconds: 120, at: new Date("2026-10-31T23:00:00Z") });
    expect(await getUsage(db, { userId: "u1", at: now })).toEqual({ id: "u1:2026-11", usage: { transcriptionMinutes: 3, uploadCount: 1 } });
    expect(await getUsage(db, { userId: "u2", at: now })).toEqual({
      id: "u2:2026-11",
      usage: { transcriptionMinutes: 10, uploadCount: 0 },
    });
  });

  it("gives an upload back once, and counts it again when it is recorded again (a retry)", async () => {
    const db = database.db;
    const month = new Date("2026-09-10T12:00:00Z");
    await recordUpload(db, { userId: "u2", noteId: "n9", at: month });
    await recordUpload(db, { userId: "u2", noteId: "n10", at: month });
    await releaseUpload(db, { userId: "u2", noteId: "n9" });
    await releaseUpload(db, { userId: "u2", noteId: "n9" });
    // Another user's note is not theirs to give back.
    await releaseUpload(db, { userId: "u1", noteId: "n10" });
    expect((await getUsage(db, { userId: "u2", at: month })).usage.uploadCount).toBe(1);
    await recordUpload(db, { userId: "u2", noteId: "n9", at: month });
    expect((await getUsage(db, { userId: "u2", at: month })).usage.uploadCount).toBe(2);
  });

  it("answers zero for a month without records", async () => {
    expect(await getUsage(database.db, { userId: "u1", at: new Date("2027-01-02T00:00:00Z") })).toEqual({
      id: "u1:2027-01",
      usage: { transcriptionMinutes: 0, uploadCount: 0 },
    });
  });
});

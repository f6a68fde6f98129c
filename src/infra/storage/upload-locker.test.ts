import { ERRORS } from "@tus/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseKind, databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { type DatabaseHandle, openDatabase, queryRows } from "../db/client";
import { createLogger } from "../logging/logger";
import { createUploadLocker, type UploadLocker, uploadLockedError } from "./upload-locker";

const logger = createLogger("silent");

/** A promise with its resolve, to see a callback happen. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

describe.each(databaseKinds)("the tus upload lock within one process (%s)", (kind: DatabaseKind) => {
  let database: DatabaseHandle;
  let locker: UploadLocker;
  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    locker = createUploadLocker(database, { logger });
  }, 60_000);
  afterAll(async () => {
    await locker?.close();
    await database?.close();
  });

  it("makes a second request wait, asks the holder to let go, and hands over on unlock", async () => {
    const first = locker.newLock("upload-a");
    const asked = signal();
    await first.lock(new AbortController().signal, asked.fire);
    const second = locker.newLock("upload-a");
    let isSecondLocked = false;
    const secondLocked = second
      .lock(new AbortController().signal, () => {})
      .then(() => {
        isSecondLocked = true;
      });
    await asked.promise;
    expect(isSecondLocked).toBe(false);
    await first.unlock();
    await secondLocked;
    await second.unlock();
  });
});

// Two lockers on one PostgreSQL database stand for two web processes: each has its own lock connection.
describe("the tus upload lock across processes (PostgreSQL)", () => {
  let database: DatabaseHandle;
  let url: string;
  const lockers: UploadLocker[] = [];
  const processLocker = (acquireTimeoutMs?: number) => {
    const locker = createUploadLocker(database, { logger, acquireTimeoutMs });
    lockers.push(locker);
    return locker;
  };
  beforeAll(async () => {
    const opened = await openTestDatabase("postgres");
    database = opened.handle;
    url = opened.url ?? "";
  }, 60_000);
  afterAll(async () => {
    for (const locker of lockers) await locker.close();
    await database?.close();
  });

  it("serializes one upload across processes and asks the other process's holder to let go", async () => {
    const [one, two] = [processLocker(), processLocker()];
    const held = one.newLock("upload-b");
    const asked = signal();
    await held.lock(new AbortController().signal, asked.fire);
    // Another upload is not held up by it.
    const other = two.newLock("upload-c");
    await other.lock(new AbortController().signal, () => {});
    await other.unlock();
    let isWaiterLocked = false;
    const waiter = two.newLock("upload-b");
    const waiting = waiter
      .lock(new AbortController().signal, () => {})
      .then(() => {
        isWaiterLocked = true;
      });
    // The release request crosses to the holder's process over NOTIFY.
    await asked.promise;
    expect(isWaiterLocked).toBe(false);
    await held.unlock();
    await waiting;
    await waiter.unlock();
  });

  it("answers 423 when the holder does not let go in time, and stops waiting when the request ends", async () => {
    const [one, two] = [processLocker(), processLocker(300)];
    const held = one.newLock("upload-d");
    await held.lock(new AbortController().signal, () => {});
    await expect(two.newLock("upload-d").lock(new AbortController().signal, () => {})).rejects.toBe(uploadLockedError);
    const ended = new AbortController();
    const patient = processLocker(60_000).newLock("upload-d");
    const waiting = patient.lock(ended.signal, () => {});
    ended.abort();
    await expect(waiting).rejects.toBe(ERRORS.ABORTED);
    await held.unlock();
  });

  it("drops a crashed process's lock with its connection, and tells that process's holder", async () => {
    const [one, two] = [processLocker(), processLocker()];
    const held = one.newLock("upload-e");
    const told = signal();
    await held.lock(new AbortController().signal, told.fire);
    // The holder's connection ends as a killed process's would: the server drops its session's locks.
    const killer = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    try {
      const killed = await queryRows<{ pid: number }>(
        killer.db,
        sql`select pid from pg_locks where locktype = 'advisory' and granted and classid = 7021
            and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(killed).toHaveLength(1);
      await queryRows(killer.db, sql`select pg_terminate_backend(${killed[0]?.pid ?? 0})`);
    } finally {
      await killer.close();
    }
    await told.promise;
    const next = two.newLock("upload-e");
    await next.lock(new AbortController().signal, () => {});
    await next.unlock();
    // Unlocking after the loss is harmless, and the first process locks again on a new connection.
    await held.unlock();
    const again = one.newLock("upload-f");
    await again.lock(new AbortController().signal, () => {});
    await again.unlock();
  });
});

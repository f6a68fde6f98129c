import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from "@tus/server";
import pg from "pg";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logging/logger";

// tus takes a lock on an upload for every PATCH, HEAD, GET and DELETE: two PATCHes of one upload must not
// write at once (both would write from the same offset, and both could finish it into two notes). The
// default lock lives in one process's memory; with several web processes (issue 21) a request for the same
// upload can reach another process. On PostgreSQL the lock is a session-level advisory lock held on one
// dedicated connection per process: a process that dies (or loses its connection) drops every lock it held,
// so nothing stays locked after a crash. A request that finds the upload locked asks the holder to let go
// (tus's lock-request callback) over NOTIFY; the holder's request stops reading within tus's drain delay
// and unlocks. PGlite is one process: tus's memory lock is the whole story there.

/** The key space of our advisory locks (two-int form): pg-boss and the migrations use the one-bigint form. */
const lockClass = 7021;
const releaseChannel = "tus_lock_release";
const releasedChannel = "tus_lock_released";
/** A waiter checks again at least this often (a NOTIFY that the lock was released usually comes first). */
const pollMs = 100;
/** How often a waiter repeats its release request (a new holder may have taken the lock in between). */
const askAgainMs = 1000;

/** Answered when the lock does not come in time: tus clients (tus-js-client) retry a 423. */
export const uploadLockedError = { status_code: 423, body: "The upload is in use by another request; try again\n" };

export interface UploadLocker extends Locker {
  close(): Promise<void>;
}

export function createUploadLocker(
  database: DatabaseHandle,
  { logger, acquireTimeoutMs = 20_000 }: { logger: Logger; acquireTimeoutMs?: number },
): UploadLocker {
  const local = new MemoryLocker({ acquireLockTimeout: acquireTimeoutMs });
  if (database.kind === "pglite") return { newLock: (id) => local.newLock(id), close: async () => {} };
  const session = new LockSession(database.url, logger);
  return {
    newLock: (id) => new PgUploadLock(id, local.newLock(id), session, acquireTimeoutMs),
    close: () => session.close(),
  };
}

interface Holder {
  requestRelease: RequestRelease;
  client: pg.Client;
}

/** This process's lock connection: the advisory locks it holds and the release requests it hears. */
class LockSession {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private isClosed = false;
  /** Uploads this process holds (one holder per id: the memory lock keeps a second local request out). */
  readonly holders = new Map<string, Holder>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly lostClients = new WeakSet<pg.Client>();

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  /** The live connection, opened on first use and again after a lost one. */
  connection(): Promise<pg.Client> {
    if (this.isClosed) return Promise.reject(new Error("the upload lock connection is closed"));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    // keepAlive: a machine that vanishes without closing its socket loses its locks once the server notices.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: "parley-upload-locks" });
    client.on("notification", ({ channel, payload }) => {
      if (!payload) return;
      if (channel === releaseChannel) void this.holders.get(payload)?.requestRelease();
      else if (channel === releasedChannel) this.wake(payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, null));
    await client.connect();
    await client.query(`LISTEN ${releaseChannel}`);
    await client.query(`LISTEN ${releasedChannel}`);
    this.client = client;
    return client;
  }

  /** A lost connection took its locks with it: their holders are asked to stop before anyone else writes. */
  private lost(client: pg.Client, error: Error | null): void {
    if (this.client === client) this.client = null;
    // An error is followed by "end": one loss.
    if (this.isClosed || this.lostClients.has(client)) return;
    this.lostClients.add(client);
    const held = [...this.holders].filter(([, holder]) => holder.client === client);
    if (error || held.length > 0) this.logger.warn({ err: error, held: held.length }, "upload lock connection lost");
    for (const [, holder] of held) void holder.requestRelease();
    client.end().catch(() => {});
  }

  async tryLock(id: string): Promise<pg.Client | null> {
    const client = await this.connection();
    const result = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as locked", [lockClass, id]);
    return result.rows[0]?.locked ? client : null;
  }

  async unlock(id: string, client: pg.Client): Promise<void> {
    // A connection lost since the lock was taken already dropped it on the server.
    if (this.client !== client) return;
    await client.query("select pg_advisory_unlock($1, hashtext($2))", [lockClass, id]);
    await client.query("select pg_notify($1, $2)", [releasedChannel, id]);
  }

  async askRelease(id: string): Promise<void> {
    const client = await this.connection();
    await client.query("select pg_notify($1, $2)", [releaseChannel, id]);
  }

  /** Resolves when the upload's lock is released somewhere, or after `ms`. */
  waitForRelease(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  private wake(id: string): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
  }

  async close(): Promise<void> {
    this.isClosed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

class PgUploadLock implements Lock {
  private client: pg.Client | null = null;

  constructor(
    private readonly id: string,
    private readonly local: Lock,
    private readonly session: LockSession,
    private readonly timeoutMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    // First among this process's requests (the advisory lock is re-entrant within one connection).
    try {
      await this.local.lock(signal, requestRelease);
    } catch (error) {
      throw error === ERRORS.ERR_LOCK_TIMEOUT ? uploadLockedError : error;
    }
    try {
      let askedAt = 0;
      for (;;) {
        if (signal.aborted) throw ERRORS.ABORTED;
        const client = await this.session.tryLock(this.id);
        if (client) {
          this.client = client;
          this.session.holders.set(this.id, { requestRelease, client });
          return;
        }
        const now = Date.now();
        if (now >= deadline) throw uploadLockedError;
        if (now - askedAt >= askAgainMs) {
          askedAt = now;
          await this.session.askRelease(this.id);
        }
        await this.session.waitForRelease(this.id, Math.min(pollMs, deadline - now));
      }
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (this.session.holders.get(this.id)?.client === client) this.session.holders.delete(this.id);
    try {
      if (client) await this.session.unlock(this.id, client);
    } catch {
      // The connection broke under us: the server dropped the lock with the session. Nothing to undo.
    } finally {
      await this.local.unlock();
    }
  }
}

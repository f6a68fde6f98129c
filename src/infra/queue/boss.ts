import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db/client";

/** pg-boss on the same database: PGlite through its adapter when embedded, a connection string otherwise. */
export interface QueueSettings {
  /**
   * How often pg-boss looks for expired jobs and missed heartbeats (a worker killed mid-job): its default
   * is 60 s; tests shorten it so a killed worker's job comes back within seconds.
   */
  monitorSeconds?: number;
}

export function createQueue(database: DatabaseHandle, { monitorSeconds = 60 }: QueueSettings = {}): PgBoss {
  // useListenNotify: workers wake when a job is created (queues opt in, job-registry.ts); polling stays as the floor.
  const timers = { monitorIntervalSeconds: monitorSeconds, superviseIntervalSeconds: monitorSeconds, useListenNotify: true };
  if (database.kind === "pglite") return new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", ...timers });
  // Scale-out: many worker processes share this queue (pg-boss claims jobs with SKIP LOCKED).
  return new PgBoss({ connectionString: database.url, max: 4, ...timers });
}

export interface QueueHandle {
  boss: PgBoss;
  isReady(): boolean;
  stop(): Promise<void>;
}

export async function startQueue(
  database: DatabaseHandle,
  onError: (error: Error) => void,
  settings: QueueSettings = {},
): Promise<QueueHandle> {
  const boss = createQueue(database, settings);
  let isReady = false;
  boss.on("error", onError);
  await boss.start();
  isReady = true;
  return {
    boss,
    isReady: () => isReady,
    async stop() {
      isReady = false;
      // graceful: let running handlers finish (pg-boss waits up to its default 30 s).
      await boss.stop({ graceful: true, close: database.kind !== "pglite" });
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import type { DatabaseHandle } from "../db/client";
import { createLogger } from "../logging/logger";
import { type QueueHandle, startQueue } from "./boss";
import { enqueue, type JobDefinition, registerJobHandlers } from "./job-registry";

// Issue 22: a job is picked up when it is sent, not at the worker's next poll. The worker here polls once a
// minute; after its first job it waits out that minute, so the second job can only arrive in time through
// the NOTIFY its creation sends (the test's own timeout is far below the poll).
const payload = z.object({ n: z.number() });

describe.each(databaseKinds)("a sent job wakes an idle worker at once on %s", (kind) => {
  let database: DatabaseHandle;
  let queue: QueueHandle;
  const arrivals = new Map<number, () => void>();
  const arrived = (n: number) => new Promise<void>((resolve) => arrivals.set(n, resolve));
  const definition: JobDefinition<z.infer<typeof payload>> = {
    name: "test.wake",
    payload,
    async handle(data) {
      arrivals.get(data.n)?.();
    },
  };

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    queue = await startQueue(database, () => {});
    await registerJobHandlers(queue.boss, createLogger("silent"), [definition] as unknown as JobDefinition<never>[], {
      pollingIntervalSeconds: 60,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("runs a job sent while the worker waits a minute for its next poll", { timeout: 20_000 }, async () => {
    const first = arrived(1);
    await enqueue(queue.boss, definition, { n: 1 });
    await first;
    const second = arrived(2);
    const sentAt = performance.now();
    await enqueue(queue.boss, definition, { n: 2 });
    await second;
    expect(performance.now() - sentAt).toBeLessThan(15_000);
  });
});

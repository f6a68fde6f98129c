import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { createLogger } from "../logging/logger";
import { type QueueHandle, startQueue } from "./boss";
import { enqueue, ensureQueues, type JobDefinition, PermanentJobError, registerJobHandlers } from "./job-registry";

// The job base on a real pg-boss (embedded PGlite): retries after a retryable failure, stops at once on a
// permanent one, calls onGiveUp exactly once when a job will not run again, and drops invalid payloads.
const payload = z.object({ noteId: z.string() });
type Payload = z.infer<typeof payload>;

interface Trace {
  attempts: number[];
  gaveUp: string[];
}

/** A promise with its resolver, to wait for a handler without sleeping. */
function signal() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function definition(
  name: `${string}.${string}`,
  trace: Trace,
  behave: (attempt: number) => void,
  done: () => void,
): JobDefinition<Payload> {
  return {
    name,
    payload,
    queue: { retryLimit: 1, retryDelay: 0 },
    async handle(_data, context) {
      trace.attempts.push(context.attempt);
      behave(context.attempt);
      done();
    },
    async onGiveUp(data, error) {
      trace.gaveUp.push(`${data.noteId}:${error instanceof PermanentJobError ? error.code : "retryable"}`);
      done();
    },
  };
}

describe("job base on pg-boss", () => {
  let database: DatabaseHandle;
  let queue: QueueHandle;
  const traces: Record<"flaky" | "broken" | "down", Trace> = {
    flaky: { attempts: [], gaveUp: [] },
    broken: { attempts: [], gaveUp: [] },
    down: { attempts: [], gaveUp: [] },
  };
  const finished = { flaky: signal(), broken: signal(), down: signal() };
  const definitions = {
    flaky: definition(
      "test.flaky",
      traces.flaky,
      (attempt) => {
        if (attempt === 1) throw new Error("network blip");
      },
      () => traces.flaky.attempts.length === 2 && finished.flaky.resolve(),
    ),
    broken: definition(
      "test.broken",
      traces.broken,
      () => {
        throw new PermanentJobError("CORRUPT");
      },
      () => traces.broken.gaveUp.length === 1 && finished.broken.resolve(),
    ),
    down: definition(
      "test.down",
      traces.down,
      () => {
        throw new Error("engine down");
      },
      () => traces.down.gaveUp.length === 1 && finished.down.resolve(),
    ),
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    queue = await startQueue(database, () => {});
    await registerJobHandlers(queue.boss, createLogger("silent"), Object.values(definitions) as JobDefinition<never>[], {
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("retries a retryable failure and succeeds on the next attempt", async () => {
    await enqueue(queue.boss, definitions.flaky, { noteId: "n1" });
    await finished.flaky.promise;
    expect(traces.flaky).toEqual({ attempts: [1, 2], gaveUp: [] });
  });

  it("stops at once on a permanent failure and gives up once", async () => {
    await enqueue(queue.boss, definitions.broken, { noteId: "n2" });
    await finished.broken.promise;
    expect(traces.broken).toEqual({ attempts: [1], gaveUp: ["n2:CORRUPT"] });
  });

  it("gives up after the last retry of a retryable failure", async () => {
    await enqueue(queue.boss, definitions.down, { noteId: "n3" });
    await finished.down.promise;
    expect(traces.down).toEqual({ attempts: [1, 2], gaveUp: ["n3:retryable"] });
  });

  it("gives an existing queue the definition's retry and heartbeat settings (a changed env reaches it)", async () => {
    const first: JobDefinition<Payload> = {
      name: "test.settings",
      payload,
      queue: { retryLimit: 3, retryDelay: 10, heartbeatSeconds: 30 },
      handle: async () => {},
    };
    await ensureQueues(queue.boss, [first as JobDefinition<never>]);
    await ensureQueues(queue.boss, [{ ...first, queue: { retryLimit: 3, retryDelay: 1, heartbeatSeconds: 10 } } as JobDefinition<never>]);
    const stored = await queue.boss.getQueue("test.settings");
    expect({ retryDelay: stored?.retryDelay, heartbeatSeconds: stored?.heartbeatSeconds }).toEqual({ retryDelay: 1, heartbeatSeconds: 10 });
  });

  it("refuses to enqueue an invalid payload", async () => {
    await expect(enqueue(queue.boss, definitions.flaky, { noteId: 5 } as unknown as Payload)).rejects.toThrow();
  });
});

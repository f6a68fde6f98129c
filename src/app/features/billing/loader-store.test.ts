import { describe, expect, it } from "vitest";
import { createLoader } from "./loader-store";

// spec section 4: the plan and usage loaders use idle, loading, success, error; section 8: failures show
// 'Error fetching plan' / 'Error fetching usage'.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("plan and usage loaders", () => {
  it("idle, loading, success", async () => {
    const answer = deferred<string>();
    const loader = createLoader(() => answer.promise, "common:error.fetchPlan");
    expect(loader.get()).toEqual({ state: "idle", data: null, errorKey: null });
    const loading = loader.load();
    expect(loader.get().state).toBe("loading");
    answer.resolve("free");
    await expect(loading).resolves.toBe("free");
    expect(loader.get()).toEqual({ state: "success", data: "free", errorKey: null });
  });

  it("a failure is the error state with its message key", async () => {
    const loader = createLoader<string>(() => Promise.reject(new Error("500")), "common:error.fetchUsage");
    await expect(loader.load()).resolves.toBeNull();
    expect(loader.get()).toEqual({ state: "error", data: null, errorKey: "common:error.fetchUsage" });
  });

  it("a reload keeps the data on screen, and the newest request wins", async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let call = 0;
    const loader = createLoader(() => (answers[call++] as ReturnType<typeof deferred<string>>).promise, "common:error.fetchPlan");
    const first = loader.load();
    answers[0]?.resolve("free");
    await first;
    const older = loader.reload();
    const newer = loader.reload();
    expect(loader.get()).toMatchObject({ state: "success", data: "free" });
    answers[2]?.resolve("pro");
    answers[1]?.resolve("free");
    await expect(newer).resolves.toBe("pro");
    await expect(older).resolves.toBeNull();
    expect(loader.get().data).toBe("pro");
  });

  it("a failed reload keeps the last data and says it failed", async () => {
    let isBroken = false;
    const loader = createLoader(() => (isBroken ? Promise.reject(new Error("down")) : Promise.resolve("pro")), "common:error.fetchPlan");
    await loader.load();
    isBroken = true;
    await loader.reload();
    expect(loader.get()).toEqual({ state: "error", data: "pro", errorKey: "common:error.fetchPlan" });
  });

  it("reload fetches nothing until something asked for the data", async () => {
    let calls = 0;
    const loader = createLoader(async () => ++calls, "common:error.fetchUsage");
    await expect(loader.reload()).resolves.toBeNull();
    expect(calls).toBe(0);
    await loader.load();
    await loader.reload();
    expect(calls).toBe(2);
  });

  it("tells its subscribers about every change", async () => {
    const loader = createLoader(async () => "free", "common:error.fetchPlan");
    const seen: string[] = [];
    const unsubscribe = loader.subscribe(() => seen.push(loader.get().state));
    await loader.load();
    unsubscribe();
    await loader.load();
    expect(seen).toEqual(["loading", "success"]);
  });
});

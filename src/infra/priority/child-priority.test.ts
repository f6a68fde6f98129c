import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { clipPath } from "../../../test/support/media-fixtures";
import { decodeToWav16kMono } from "../media/ffmpeg";
import { jobChildNiceness, lowerChildPriority, setJobNiceness } from "./child-priority";
import { priorityEnvShape } from "./priority-env";

// The priority is read back from the kernel (os.getPriority of the child's pid), not from our own state.

const children: ChildProcess[] = [];
/** A child that lives until the test ends: `sleep` (a plain executable, no shell). */
function sleeper(): ChildProcess {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  // Back to the tests' own setting (test/setup/job-niceness.ts).
  setJobNiceness(Number(process.env.JOB_NICENESS ?? 0));
});

describe("lowerChildPriority", () => {
  it("runs a spawned child at the configured niceness above this process's own", () => {
    setJobNiceness(7);
    const child = sleeper();
    lowerChildPriority(child);
    expect(getPriority(child.pid)).toBe(Math.min(19, getPriority() + 7));
    expect(jobChildNiceness()).toBe(Math.min(19, getPriority() + 7));
  });

  it("uses 10 when nothing was configured (JOB_NICENESS's default)", () => {
    const defaultNiceness = z.object(priorityEnvShape).parse({}).JOB_NICENESS;
    expect(defaultNiceness).toBe(10);
    setJobNiceness(defaultNiceness);
    const child = sleeper();
    lowerChildPriority(child);
    expect(getPriority(child.pid)).toBe(Math.min(19, getPriority() + 10));
  });

  it("leaves the child at this process's priority when the niceness is 0", () => {
    setJobNiceness(0);
    const child = sleeper();
    lowerChildPriority(child);
    expect(getPriority(child.pid)).toBe(getPriority());
  });

  it("lowers every thread a child already has (Linux keeps one priority per thread)", async () => {
    if (process.platform !== "linux") return;
    // A Node child starts its platform threads at once; wait until they exist, then lower it.
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: ["ignore", "ignore", "ignore", "ipc"] });
    children.push(child);
    const pid = child.pid ?? 0;
    await new Promise<void>((resolve) => {
      const check = () => (readdirSync(`/proc/${pid}/task`).length > 1 ? resolve() : setImmediate(check));
      check();
    });
    setJobNiceness(5);
    lowerChildPriority(child);
    const threads = readdirSync(`/proc/${pid}/task`).map(Number);
    expect(threads.length).toBeGreaterThan(1);
    for (const thread of threads) expect(getPriority(thread), `thread ${thread}`).toBe(Math.min(19, getPriority() + 5));
  });

  it("does not throw for a child that could not start", async () => {
    const child = spawn("/nonexistent/parley-binary", [], { stdio: "ignore" });
    child.on("error", () => {});
    expect(() => lowerChildPriority(child)).not.toThrow();
  });

  it("is what the product's ffmpeg runs at (seen in /proc while a decode runs)", async () => {
    if (process.platform !== "linux") return;
    setJobNiceness(9);
    const output = path.join(mkdtempSync(path.join(tmpdir(), "parley-priority-")), "c6.wav");
    const seen: number[] = [];
    const watcher = setInterval(() => seen.push(...ffmpegChildren().map((pid) => getPriority(pid))), 1);
    try {
      await decodeToWav16kMono(clipPath("c6"), output);
    } finally {
      clearInterval(watcher);
      rmSync(path.dirname(output), { recursive: true, force: true });
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([Math.min(19, getPriority() + 9)]));
  });
});

/** ffmpeg processes this one started (Linux /proc; the field after the command is the state, then the parent). */
function ffmpegChildren(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return parent === process.pid && command === "ffmpeg";
      } catch {
        return false; // it ended while we looked
      }
    })
    .map(Number);
}

import type { ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

// Transcription's child processes run at a lower CPU priority than the process that starts them, so on a
// single host a busy speech engine or decoder never takes the cores from the web's answers (issue 21:
// bench:load p99 went from under 40 ms to up to 952 ms with 20 uploaders and everything at one priority).
// One setting per process: the runtime sets it from JOB_NICENESS where it builds the job dependencies;
// until then the default of priority-env.ts holds.

let jobNiceness = 10;

/** The niceness added to the job children this process starts from now on (0-19; 0: same priority as this process). */
export function setJobNiceness(niceness: number): void {
  jobNiceness = Math.min(19, Math.max(0, Math.trunc(niceness)));
}

/** The niceness a job child gets: this process's own plus JOB_NICENESS, as `nice -n` counts (19 at most). */
export function jobChildNiceness(): number {
  return Math.min(19, getPriority() + jobNiceness);
}

/**
 * Lowers a just-spawned child's CPU priority. Call it right after spawn: threads the child starts later
 * inherit its priority. On Linux a priority belongs to one thread, so the threads it already has are
 * lowered too. Never throws: a child that already exited, or a system that refuses, keeps running as is.
 */
export function lowerChildPriority(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined || jobNiceness === 0) return;
  const niceness = jobChildNiceness();
  try {
    setPriority(pid, niceness);
  } catch {
    return;
  }
  if (process.platform !== "linux") return;
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) if (Number(thread) !== pid) setPriority(Number(thread), niceness);
  } catch {
    // The child exited in between, or /proc is not mounted: its main thread is lowered already.
  }
}

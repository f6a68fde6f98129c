import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { BotJob } from "~/shared/meetings/bot-job";
import type { Logger } from "../logging/logger";

// Runs one bot as a child process of this one (issue 6: the embedded default, and `npm run worker` on a
// machine that hosts bots). Later launchers (a container per bot) implement the same `run`. The child gets
// its job and a minimal environment: no DATABASE_URL, no secrets but its own callback token.

export interface BotProcessLauncher {
  /** Starts the bot and resolves when it has exited; `signal` asks it to leave (SIGTERM), then kills it. */
  run(job: BotJob, options: { signal: AbortSignal; logger: Logger }): Promise<{ exitCode: number | null }>;
}

// From source (tsx, Vitest) the bot's TypeScript entry runs through tsx; from the build (`npm run build`,
// scripts/build-server.ts) its compiled entry lies beside this code in build/server/.
const isSource = import.meta.url.endsWith(".ts");
const botEntry = fileURLToPath(new URL(isSource ? "../../bot/main.ts" : "./bot.js", import.meta.url));
const botArgs = isSource ? ["--import", "tsx", botEntry] : [botEntry];
/** After SIGTERM the bot leaves, uploads its last part and reports; past this it is killed. */
const leaveGraceMs = 30_000;
const passedEnv = ["PATH", "HOME", "LANG", "TZ", "DISPLAY", "XAUTHORITY", "NODE_ENV", "LOG_LEVEL", "TMPDIR"] as const;

export function createChildProcessLauncher({ chromiumPath }: { chromiumPath: string }): BotProcessLauncher {
  return {
    run(job, { signal, logger }) {
      const env: NodeJS.ProcessEnv = { BOT_CHROMIUM_PATH: chromiumPath, PARLEY_BOT_JOB: JSON.stringify(job) };
      for (const name of passedEnv) if (process.env[name] !== undefined) env[name] = process.env[name];
      const child = spawn(process.execPath, botArgs, {
        // The repository root either way: two folders up from src/bot/ or from build/server/.
        cwd: path.resolve(path.dirname(botEntry), "../.."),
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const log = logger.child({ botId: job.botId, pid: child.pid });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on("line", (line) => log.info({ bot: line.slice(0, 2_000) }, "bot output"));
      }
      let killTimer: NodeJS.Timeout | null = null;
      const onAbort = () => {
        child.kill("SIGTERM");
        killTimer = setTimeout(() => child.kill("SIGKILL"), leaveGraceMs);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
      return new Promise((resolve) => {
        child.once("error", (error) => {
          log.error({ err: error }, "bot process failed to start");
          resolve({ exitCode: null });
        });
        child.once("exit", (code) => {
          signal.removeEventListener("abort", onAbort);
          if (killTimer) clearTimeout(killTimer);
          log.info({ exitCode: code }, "bot process exited");
          resolve({ exitCode: code });
        });
      });
    },
  };
}

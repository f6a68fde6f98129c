import type { z } from "zod";
import { type BotProcessLauncher, createChildProcessLauncher } from "./child-process-launcher";
import { type botLauncherEnvShape, kubernetesLauncherSettingsFromEnv } from "./kubernetes-env";
import { createKubernetesLauncher } from "./kubernetes-launcher";

// BOT_LAUNCHER picks how `bots.launch` starts a bot (issue 21): a child process here, or a Kubernetes Job.
// A kubernetes launcher without its image or API address fails the process at start, not at the first bot
// — but only a process that runs bots (BOT_CAPACITY > 0): a web process with BOT_CAPACITY=0 only queues
// them, so it needs neither the image nor the cluster's address.

type BotLauncherEnv = z.output<z.ZodObject<typeof botLauncherEnvShape>>;

export function createBotLauncher(
  env: BotLauncherEnv,
  { chromiumPath, runsBots }: { chromiumPath: string; runsBots: boolean },
): BotProcessLauncher {
  if (!runsBots) return refusingLauncher;
  if (env.BOT_LAUNCHER === "kubernetes") return createKubernetesLauncher(kubernetesLauncherSettingsFromEnv(env));
  return createChildProcessLauncher({ chromiumPath });
}

/** Where BOT_CAPACITY is 0 the launch queue is never worked, so `run` is never called; if it were, say why. */
const refusingLauncher: BotProcessLauncher = {
  run: () => Promise.reject(new Error("this process runs no bots (BOT_CAPACITY=0)")),
};

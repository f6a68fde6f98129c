import type { z } from "zod";
import { type BotProcessLauncher, createChildProcessLauncher } from "./child-process-launcher";
import { type botLauncherEnvShape, kubernetesLauncherSettingsFromEnv } from "./kubernetes-env";
import { createKubernetesLauncher } from "./kubernetes-launcher";

// BOT_LAUNCHER picks how `bots.launch` starts a bot (issue 21): a child process here, or a Kubernetes Job.
// A kubernetes launcher without its image or API address fails the process at start, not at the first bot.

type BotLauncherEnv = z.output<z.ZodObject<typeof botLauncherEnvShape>>;

export function createBotLauncher(env: BotLauncherEnv, { chromiumPath }: { chromiumPath: string }): BotProcessLauncher {
  if (env.BOT_LAUNCHER === "kubernetes") return createKubernetesLauncher(kubernetesLauncherSettingsFromEnv(env));
  return createChildProcessLauncher({ chromiumPath });
}

import { readFile } from "node:fs/promises";
import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import type { BotJob } from "~/shared/meetings/bot-job";
import type { Logger } from "../logging/logger";
import type { BotProcessLauncher } from "./child-process-launcher";
import { createKubernetesApiClient, type KubernetesApiClient } from "./kubernetes-api-client";
import type { KubernetesLauncherSettings } from "./kubernetes-env";

// Runs one bot as a Kubernetes batch/v1 Job (issue 21, BOT_LAUNCHER=kubernetes): the same `run` as the
// child-process launcher, so `bots.launch` keeps its queue, caps and crash endings. The bot pod gets the
// job and the same minimal environment a child process gets (PARLEY_BOT_JOB, no DATABASE_URL, no secret
// but its own callback token) and reports only through BOT_CALLBACK_URL. `run` resolves when the Job has
// finished; an abort deletes the Job (propagation Background), so the pod gets SIGTERM, which the bot
// treats as "leave": it leaves the call, uploads its last part and reports within the grace period.

/** The bot's leave on SIGTERM takes up to 30 s (child-process-launcher.ts); the pod gets twice that. */
const terminationGraceSeconds = 60;
/** Finished Jobs (and their pods' logs) stay an hour for `kubectl logs`, then Kubernetes removes them. */
const finishedJobTtlSeconds = 3_600;
/** What a child process gets from this process's environment, less what belongs to this machine. */
const passedEnv = ["NODE_ENV", "LOG_LEVEL", "LANG", "TZ"] as const;

const jobStatus = z.object({
  status: z
    .object({
      conditions: z.array(z.object({ type: z.string(), status: z.string() })).optional(),
    })
    .optional(),
});
const apiStatus = z.object({ reason: z.string().optional(), message: z.string().optional() });

/** One Job per bot, named by it: a second create for the same bot is refused (409) rather than doubled. */
export function botJobName(botId: string): string {
  return `parley-bot-${botId.toLowerCase()}`;
}

export function botJobManifest(job: BotJob, settings: KubernetesLauncherSettings, environment: NodeJS.ProcessEnv) {
  const labels = {
    "app.kubernetes.io/name": "parley-bot",
    "app.kubernetes.io/part-of": "parley",
    "app.kubernetes.io/instance": botJobName(job.botId),
  };
  const env = [{ name: "PARLEY_BOT_JOB", value: JSON.stringify(job) }];
  for (const name of passedEnv) {
    const value = environment[name];
    if (value !== undefined) env.push({ name, value });
  }
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { name: botJobName(job.botId), labels },
    spec: {
      // Never retried, like bots.launch: a second pod would walk into a meeting the first one recorded.
      backoffLimit: 0,
      // The longest a bot may stay, plus its leave and upload: Kubernetes ends a bot the launcher lost.
      activeDeadlineSeconds: Math.ceil(job.timers.maxDurationMs / 1000) + 15 * 60,
      ttlSecondsAfterFinished: finishedJobTtlSeconds,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: "Never",
          // The bot talks only to the web's callbacks; it never needs the Kubernetes API.
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: terminationGraceSeconds,
          securityContext: { runAsNonRoot: true },
          containers: [
            {
              name: "bot",
              image: settings.image,
              env,
              resources: { requests: { cpu: settings.cpu, memory: settings.memory }, limits: { memory: settings.memory } },
            },
          ],
        },
      },
    },
  };
}

export function createKubernetesLauncher(
  settings: KubernetesLauncherSettings,
  { environment = process.env }: { environment?: NodeJS.ProcessEnv } = {},
): BotProcessLauncher {
  const api = createKubernetesApiClient(settings);
  return {
    async run(job, { signal, logger }) {
      const name = botJobName(job.botId);
      const log = logger.child({ botId: job.botId, kubernetesJob: name });
      try {
        const namespace = settings.namespace ?? (await readFile(settings.namespaceFile, "utf8")).trim();
        const jobsPath = `/apis/batch/v1/namespaces/${encodeURIComponent(namespace)}/jobs`;
        const created = await api.call("POST", jobsPath, botJobManifest(job, settings, environment));
        if (created.status === 409) log.warn("the bot's Job already exists; following it");
        else if (created.status !== 201) {
          log.error({ status: created.status, ...statusOf(created.body) }, "the Kubernetes API refused the bot's Job");
          return { exitCode: null };
        } else log.info({ namespace }, "bot Job created");
        return await followJob(api, `${jobsPath}/${name}`, { signal, log, pollMs: settings.pollMs });
      } catch (error) {
        log.error({ err: error }, "bot Job failed to start");
        return { exitCode: null };
      }
    },
  };
}

/** Reads the Job until it has finished (0 = Complete, 1 = Failed), or deletes it when `signal` aborts. */
async function followJob(
  api: KubernetesApiClient,
  jobPath: string,
  { signal, log, pollMs }: { signal: AbortSignal; log: Logger; pollMs: number },
): Promise<{ exitCode: number | null }> {
  for (;;) {
    if (signal.aborted) {
      await deleteJob(api, jobPath, log);
      return { exitCode: null };
    }
    const answer = await api.call("GET", jobPath).catch((error: unknown) => {
      // The API server restarting must not end a bot that is still in its call: read again next round.
      log.warn({ err: error }, "could not read the bot's Job");
      return null;
    });
    if (answer?.status === 404) {
      log.warn("the bot's Job is gone (deleted outside the launcher)");
      return { exitCode: null };
    }
    if (answer?.status === 200) {
      const conditions = jobStatus.safeParse(answer.body).data?.status?.conditions ?? [];
      const ended = conditions.find(
        (condition) => condition.status === "True" && (condition.type === "Complete" || condition.type === "Failed"),
      );
      if (ended) {
        log.info({ condition: ended.type }, "bot Job finished");
        return { exitCode: ended.type === "Complete" ? 0 : 1 };
      }
    } else if (answer) log.warn({ status: answer.status, ...statusOf(answer.body) }, "unexpected answer reading the bot's Job");
    await delay(pollMs, undefined, { signal }).catch(() => undefined);
  }
}

async function deleteJob(api: KubernetesApiClient, jobPath: string, log: Logger): Promise<void> {
  // Background: the Job goes now and its pod is stopped after it (SIGTERM, then the grace period).
  const answer = await api
    .call("DELETE", jobPath, { kind: "DeleteOptions", apiVersion: "v1", propagationPolicy: "Background" })
    .catch((error: unknown) => {
      log.error({ err: error }, "could not delete the bot's Job");
      return null;
    });
  if (answer && answer.status !== 200 && answer.status !== 202 && answer.status !== 404) {
    log.error({ status: answer.status, ...statusOf(answer.body) }, "the Kubernetes API refused to delete the bot's Job");
  } else if (answer) log.info("bot Job deleted (asked to leave)");
}

function statusOf(body: unknown): { reason?: string; message?: string } {
  return apiStatus.safeParse(body).data ?? {};
}

import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type KubernetesApiStandIn, startKubernetesApiStandIn } from "../../../test/stand-ins/kubernetes-api";
import { loopbackBotJob } from "../../../test/support/loopback-bot-job";
import { botJobSchema } from "../../shared/meetings/bot-job";
import { defaultBotTimerSettings } from "../../shared/meetings/bot-timers";
import { createBotLauncher } from "./create-bot-launcher";
import {
  BotLauncherSettingsError,
  botLauncherEnvShape,
  type KubernetesLauncherSettings,
  kubernetesLauncherSettingsFromEnv,
} from "./kubernetes-env";
import { botJobName, createKubernetesLauncher } from "./kubernetes-launcher";

// The Kubernetes bot launcher against the API stand-in over HTTPS (its own CA): the Job it creates, how it
// follows the Job to its end, cancel = delete (Background), an existing Job followed, a refused token.

const namespace = "parley-test";
let api: KubernetesApiStandIn;
let dir: string;
let tokenFile: string;
let settings: KubernetesLauncherSettings;

function newJob() {
  return loopbackBotJob({
    botId: randomUUID(),
    token: "bot-callback-token",
    baseUrl: "https://parley.example",
    timers: defaultBotTimerSettings,
  });
}

/** A logger whose lines the test reads back. */
function capturingLogger() {
  const lines: { level: number; msg: string; status?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
}

beforeAll(async () => {
  api = await startKubernetesApiStandIn({ tokens: ["token-1"] });
  dir = await mkdtemp(path.join(tmpdir(), "k8s-launcher-"));
  tokenFile = path.join(dir, "token");
  await writeFile(tokenFile, "token-1\n");
  await writeFile(path.join(dir, "namespace"), namespace);
  const env = z.object(botLauncherEnvShape).parse({
    BOT_LAUNCHER: "kubernetes",
    BOT_KUBERNETES_IMAGE: "registry.example/parley-bot:test",
    BOT_KUBERNETES_API_URL: api.url,
    BOT_KUBERNETES_TOKEN_FILE: tokenFile,
    BOT_KUBERNETES_CA_FILE: api.caFile,
    BOT_KUBERNETES_NAMESPACE_FILE: path.join(dir, "namespace"),
    // Tests finish Jobs at once; the launcher reads them every 20 ms instead of every 5 s.
    BOT_KUBERNETES_POLL_SECONDS: "0.02",
  });
  settings = kubernetesLauncherSettingsFromEnv(env);
});

afterAll(async () => {
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("kubernetes bot launcher", () => {
  it("creates one batch/v1 Job with the bot's job in its env and resolves 0 when the Job completes", async () => {
    const launcher = createKubernetesLauncher(settings, {
      environment: { NODE_ENV: "production", LOG_LEVEL: "info", DATABASE_URL: "postgres://secret" },
    });
    const job = newJob();
    const { logger } = capturingLogger();
    const running = launcher.run(job, { signal: new AbortController().signal, logger });
    const stored = await api.waitForJob(namespace, botJobName(job.botId));
    const spec = stored.object.spec as {
      backoffLimit: number;
      template: {
        spec: {
          restartPolicy: string;
          automountServiceAccountToken: boolean;
          containers: { image: string; env: { name: string; value: string }[] }[];
        };
      };
    };
    expect(spec.backoffLimit).toBe(0);
    expect(spec.template.spec.restartPolicy).toBe("Never");
    expect(spec.template.spec.automountServiceAccountToken).toBe(false);
    const [container] = spec.template.spec.containers;
    expect(container?.image).toBe("registry.example/parley-bot:test");
    const env = Object.fromEntries((container?.env ?? []).map((item) => [item.name, item.value]));
    // Like a child process: the job and the process basics, never the database or other secrets.
    expect(Object.keys(env).sort()).toEqual(["LOG_LEVEL", "NODE_ENV", "PARLEY_BOT_JOB"]);
    expect(botJobSchema.parse(JSON.parse(env.PARLEY_BOT_JOB ?? "null"))).toEqual(job);

    api.finishJob(namespace, stored.name, "Complete");
    await expect(running).resolves.toEqual({ exitCode: 0 });
    expect(api.requests).toContain(`POST /apis/batch/v1/namespaces/${namespace}/jobs`);
  });

  it("resolves 1 when the Job failed", async () => {
    const launcher = createKubernetesLauncher(settings, { environment: {} });
    const job = newJob();
    const running = launcher.run(job, { signal: new AbortController().signal, logger: capturingLogger().logger });
    const stored = await api.waitForJob(namespace, botJobName(job.botId));
    api.finishJob(namespace, stored.name, "Failed");
    await expect(running).resolves.toEqual({ exitCode: 1 });
  });

  it("deletes the Job with propagation Background when asked to stop", async () => {
    const launcher = createKubernetesLauncher(settings, { environment: {} });
    const job = newJob();
    const stop = new AbortController();
    const running = launcher.run(job, { signal: stop.signal, logger: capturingLogger().logger });
    const stored = await api.waitForJob(namespace, botJobName(job.botId));
    stop.abort();
    await expect(running).resolves.toEqual({ exitCode: null });
    expect(api.jobs.has(`${namespace}/${stored.name}`)).toBe(false);
    expect(api.deleteOptions.at(-1)).toMatchObject({ kind: "DeleteOptions", propagationPolicy: "Background" });
  });

  it("follows a Job that already exists (409) instead of creating a second one", async () => {
    const launcher = createKubernetesLauncher(settings, { environment: {} });
    const job = newJob();
    const first = launcher.run(job, { signal: new AbortController().signal, logger: capturingLogger().logger });
    const stored = await api.waitForJob(namespace, botJobName(job.botId));
    const { logger, lines } = capturingLogger();
    const second = launcher.run(job, { signal: new AbortController().signal, logger });
    await expect.poll(() => lines.some((line) => line.msg === "the bot's Job already exists; following it")).toBe(true);
    api.finishJob(namespace, stored.name, "Complete");
    await expect(Promise.all([first, second])).resolves.toEqual([{ exitCode: 0 }, { exitCode: 0 }]);
  });

  it("reads the token file for every call (a rotated token keeps working)", async () => {
    const launcher = createKubernetesLauncher(settings, { environment: {} });
    const job = newJob();
    const running = launcher.run(job, { signal: new AbortController().signal, logger: capturingLogger().logger });
    const stored = await api.waitForJob(namespace, botJobName(job.botId));
    await writeFile(tokenFile, "token-2\n");
    api.acceptedTokens.clear();
    api.acceptedTokens.add("token-2");
    api.finishJob(namespace, stored.name, "Complete");
    try {
      await expect(running).resolves.toEqual({ exitCode: 0 });
    } finally {
      await writeFile(tokenFile, "token-1\n");
      api.acceptedTokens.add("token-1");
    }
  });

  it("creates nothing and resolves null when the API refuses the token (401)", async () => {
    const wrongToken = path.join(dir, "wrong-token");
    await writeFile(wrongToken, "not-a-token");
    const launcher = createKubernetesLauncher({ ...settings, tokenFile: wrongToken }, { environment: {} });
    const job = newJob();
    const { logger, lines } = capturingLogger();
    await expect(launcher.run(job, { signal: new AbortController().signal, logger })).resolves.toEqual({ exitCode: null });
    expect(api.jobs.has(`${namespace}/${botJobName(job.botId)}`)).toBe(false);
    expect(lines.find((line) => line.msg === "the Kubernetes API refused the bot's Job")?.status).toBe(401);
  });

  it("refuses an API server whose certificate the configured CA did not sign", async () => {
    const otherCa = path.join(dir, "other-ca.crt");
    const other = await startKubernetesApiStandIn();
    try {
      await writeFile(otherCa, await readFile(other.caFile));
    } finally {
      await other.close();
    }
    const launcher = createKubernetesLauncher({ ...settings, caFile: otherCa }, { environment: {} });
    const job = newJob();
    const { logger, lines } = capturingLogger();
    await expect(launcher.run(job, { signal: new AbortController().signal, logger })).resolves.toEqual({ exitCode: null });
    expect(api.jobs.has(`${namespace}/${botJobName(job.botId)}`)).toBe(false);
    expect(lines.some((line) => line.msg === "bot Job failed to start")).toBe(true);
  });
});

describe("bot launcher settings", () => {
  const parse = (input: Record<string, string>) => z.object(botLauncherEnvShape).parse(input);

  it("defaults to child processes", () => {
    expect(parse({}).BOT_LAUNCHER).toBe("child");
    expect(createBotLauncher(parse({}), { chromiumPath: "/usr/bin/chromium", runsBots: true })).toHaveProperty("run");
  });

  it("asks nothing of a process that runs no bots (BOT_CAPACITY=0), and says why if it is asked to run one", async () => {
    const queueOnly = createBotLauncher(parse({ BOT_LAUNCHER: "kubernetes" }), { chromiumPath: "/usr/bin/chromium", runsBots: false });
    const { logger } = capturingLogger();
    await expect(queueOnly.run(newJob(), { signal: new AbortController().signal, logger })).rejects.toThrow(/BOT_CAPACITY=0/);
  });

  it("finds the API server and the service-account files in a pod by default", () => {
    const inPod = kubernetesLauncherSettingsFromEnv(
      parse({
        BOT_LAUNCHER: "kubernetes",
        BOT_KUBERNETES_IMAGE: "bot:1",
        KUBERNETES_SERVICE_HOST: "10.0.0.1",
        KUBERNETES_SERVICE_PORT: "443",
      }),
    );
    expect(inPod).toMatchObject({
      apiUrl: "https://10.0.0.1:443",
      namespace: null,
      tokenFile: "/var/run/secrets/kubernetes.io/serviceaccount/token",
      caFile: "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt",
      namespaceFile: "/var/run/secrets/kubernetes.io/serviceaccount/namespace",
      pollMs: 5_000,
    });
    const ipv6 = parse({
      BOT_LAUNCHER: "kubernetes",
      BOT_KUBERNETES_IMAGE: "bot:1",
      KUBERNETES_SERVICE_HOST: "fd00::1",
      KUBERNETES_SERVICE_PORT: "443",
    });
    expect(kubernetesLauncherSettingsFromEnv(ipv6).apiUrl).toBe("https://[fd00::1]:443");
  });

  it("refuses kubernetes without an image or an API address", () => {
    expect(() => createBotLauncher(parse({ BOT_LAUNCHER: "kubernetes" }), { chromiumPath: "/usr/bin/chromium", runsBots: true })).toThrow(
      BotLauncherSettingsError,
    );
    expect(() => kubernetesLauncherSettingsFromEnv(parse({ BOT_LAUNCHER: "kubernetes", BOT_KUBERNETES_IMAGE: "bot:1" }))).toThrow(
      /BOT_KUBERNETES_API_URL/,
    );
  });
});

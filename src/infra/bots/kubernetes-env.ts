import { z } from "zod";

// How bots are started (issue 21): as child processes of the process that works `bots.launch` (the
// default), or as one Kubernetes Job per bot. The server's env schema spreads this shape in. Every path and
// URL has the in-cluster default, so a pod with a service account needs only BOT_LAUNCHER and the image.

const serviceAccountDir = "/var/run/secrets/kubernetes.io/serviceaccount";

export const botLauncherEnvShape = {
  /** child: a child process of this one (needs Chromium here); kubernetes: a batch/v1 Job per bot. */
  BOT_LAUNCHER: z.enum(["child", "kubernetes"]).default("child"),
  /** The bot image (the Dockerfile's `bot` target), e.g. registry.example/parley-bot:1.4.0. Required for kubernetes. */
  BOT_KUBERNETES_IMAGE: z.string().min(1).optional(),
  /** Where the bots' Jobs go; unset: the namespace of this pod's service account (its `namespace` file). */
  BOT_KUBERNETES_NAMESPACE: z.string().min(1).max(63).optional(),
  /** The API server; unset: https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT (set in every pod). */
  BOT_KUBERNETES_API_URL: z.url().optional(),
  /** The service-account token, read again for every call (projected tokens rotate about hourly). */
  BOT_KUBERNETES_TOKEN_FILE: z.string().min(1).default(`${serviceAccountDir}/token`),
  /** The CA that signed the API server's certificate. */
  BOT_KUBERNETES_CA_FILE: z.string().min(1).default(`${serviceAccountDir}/ca.crt`),
  BOT_KUBERNETES_NAMESPACE_FILE: z.string().min(1).default(`${serviceAccountDir}/namespace`),
  /** How often a running bot's Job is read to see whether it has finished. */
  BOT_KUBERNETES_POLL_SECONDS: z.coerce.number().positive().max(300).default(5),
  /** The bot container's CPU request (one Chromium in a call uses about one core: bench:bots). */
  BOT_KUBERNETES_CPU: z.string().min(1).default("1"),
  /** The bot container's memory request and limit. */
  BOT_KUBERNETES_MEMORY: z.string().min(1).default("1536Mi"),
  /** Set by Kubernetes in every pod: the API server's service address. */
  KUBERNETES_SERVICE_HOST: z.string().min(1).optional(),
  KUBERNETES_SERVICE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
};

type BotLauncherEnv = z.output<z.ZodObject<typeof botLauncherEnvShape>>;

export interface KubernetesLauncherSettings {
  image: string;
  /** Null: read from namespaceFile. */
  namespace: string | null;
  apiUrl: string;
  tokenFile: string;
  caFile: string;
  namespaceFile: string;
  pollMs: number;
  cpu: string;
  memory: string;
}

export class BotLauncherSettingsError extends Error {
  override name = "BotLauncherSettingsError";
}

/** The Kubernetes launcher's settings; throws when BOT_LAUNCHER=kubernetes lacks what it needs. */
export function kubernetesLauncherSettingsFromEnv(env: BotLauncherEnv): KubernetesLauncherSettings {
  if (!env.BOT_KUBERNETES_IMAGE) throw new BotLauncherSettingsError("BOT_LAUNCHER=kubernetes needs BOT_KUBERNETES_IMAGE");
  const apiUrl =
    env.BOT_KUBERNETES_API_URL ??
    (env.KUBERNETES_SERVICE_HOST && env.KUBERNETES_SERVICE_PORT
      ? `https://${hostForUrl(env.KUBERNETES_SERVICE_HOST)}:${env.KUBERNETES_SERVICE_PORT}`
      : null);
  if (!apiUrl) {
    throw new BotLauncherSettingsError(
      "BOT_LAUNCHER=kubernetes needs BOT_KUBERNETES_API_URL outside a pod (KUBERNETES_SERVICE_HOST/PORT are unset)",
    );
  }
  return {
    image: env.BOT_KUBERNETES_IMAGE,
    namespace: env.BOT_KUBERNETES_NAMESPACE ?? null,
    apiUrl: apiUrl.replace(/\/+$/, ""),
    tokenFile: env.BOT_KUBERNETES_TOKEN_FILE,
    caFile: env.BOT_KUBERNETES_CA_FILE,
    namespaceFile: env.BOT_KUBERNETES_NAMESPACE_FILE,
    pollMs: Math.round(env.BOT_KUBERNETES_POLL_SECONDS * 1000),
    cpu: env.BOT_KUBERNETES_CPU,
    memory: env.BOT_KUBERNETES_MEMORY,
  };
}

// Kubernetes gives an IPv6 service address bare (fd00::1); a URL needs it in brackets.
function hostForUrl(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

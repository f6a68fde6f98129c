import { z } from "zod";
import { analyticsEnvShape } from "../core/analytics/settings";
import { billingEnvShape } from "../core/billing/settings";
import { calendarEnvShape } from "../core/calendars/settings";
import { botEnvShape } from "../core/meetings/settings";
import { sessionRecordingEnvShape } from "../core/session-recording/settings";
import { socialEnvShape } from "../infra/auth/social/social-env";
import { botLauncherEnvShape } from "../infra/bots/kubernetes-env";
import { diarizationEnvShape } from "../infra/diarization/diarization-env";
import { llmEnvShape } from "../infra/llm/llm-env";
import { priorityEnvShape } from "../infra/priority/priority-env";
import { speechEnvShape } from "../infra/speech/speech-env";
import { storageEnvShape } from "../infra/storage/storage-env";
import { youtubeEnvShape } from "../infra/youtube/youtube-env";

// Parsed once at start; every setting has an embedded default so `npm start` needs no env at all.
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  // 0 picks any free port (tests).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** PostgreSQL when set; otherwise embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Public origin used for canonical links, e.g. https://parley.example; defaults to the request's. */
  PUBLIC_URL: z.url().optional(),
  /** Run pg-boss job handlers inside the web process (the embedded default). */
  EMBEDDED_WORKER: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Signs sessions and tokens (32+ characters). Unset: generated once into DATA_DIR (embedded only). */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Multiplies the auth rate limits (sign-in, sign-up, reset, verification); e2e runs raise it. */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * Proxies of our own in front of the web (a load balancer, an ingress; issue 21). 0: the client is the
   * socket's peer. N: the client is the address the outermost of them saw, N entries from the right of
   * X-Forwarded-For; otherwise every user behind the balancer would share its address's auth rate limits.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** smtp(s)://user:pass@host:port; unset: mail goes to the embedded catcher (dev mailbox at /dev/mailbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Parley <no-reply@parley.local>"),
  /** Where limit-upgrade requests go (spec section 6). */
  SUPPORT_EMAIL: z.email().default("support@parley.local"),
  /** Comma-separated e-mails that get the admin role when they sign up or at start. */
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  /** YouTube's origin; tests point it at the stand-in in test/stand-ins/youtube. */
  YOUTUBE_BASE_URL: z.url().default("https://www.youtube.com"),
  /** interpretations 20: the technical cap of one upload (2 GB); over it is HTTP 413 and nothing is stored. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** Documents are text: 50 MB holds a 2,000-page PDF; bigger ones are scans that have no text anyway. */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 ** 2),
  /** Longest piece of audio sent to the engine at once; finished pieces survive a worker crash. */
  TRANSCRIBE_CHUNK_SECONDS: z.coerce.number().int().min(5).max(1800).default(600),
  /** pg-boss's check for expired jobs and missed heartbeats, in seconds (tests shorten it). */
  QUEUE_MONITOR_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Transcriptions one process runs at once (raise it when the engine is a server elsewhere). */
  TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A transcription worker's heartbeat (>= 10 s): a killed worker's job is retried after this. */
  TRANSCRIPTION_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  /**
   * First wait before a failed or taken-over transcription runs again (doubled each retry, up to 5 min): a
   * busy engine server gets time. Tests shorten it so a killed worker's job comes back within seconds.
   */
  TRANSCRIPTION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** Wait before the AI-notes job tries again after a failed model call (a busy endpoint gets time). */
  NOTES_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * AI-notes jobs one process runs at once. 1 suits a local model (one model in memory answers one prompt
   * at a time); an endpoint elsewhere can take more, and one slow meeting then holds no other note back.
   */
  NOTES_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * NODE_ENV=test only: addresses the link-safety check lets through (the YouTube stand-in on 127.0.0.1).
   * Ignored in every other environment.
   */
  TEST_LINK_ALLOW_ADDRESSES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  /**
   * Download the recommended speech and language models that are missing when the web or worker starts, in
   * the background, with progress on the admin engines page (issue 19). Off: only an admin's click downloads.
   */
  MODEL_AUTO_DOWNLOAD: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Where the model catalogue's files are fetched from instead of Hugging Face: `<base>/<file name>` (a mirror; tests). */
  MODEL_DOWNLOAD_BASE_URL: z.url().optional(),
  /** NODE_ENV=test only: a JSON model catalogue replacing the built-in one (small files a test pins). Ignored elsewhere. */
  MODEL_CATALOGUE_FILE: z.string().min(1).optional(),
  ...socialEnvShape,
  ...speechEnvShape,
  ...youtubeEnvShape,
  ...storageEnvShape,
  ...llmEnvShape,
  ...diarizationEnvShape,
  ...priorityEnvShape,
  ...botEnvShape,
  ...botLauncherEnvShape,
  ...billingEnvShape,
  ...calendarEnvShape,
  ...sessionRecordingEnvShape,
  ...analyticsEnvShape,
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; a bad value throws an EnvError that names the variable and the rule. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs with no environment at all: embedded defaults", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
      EMBEDDED_WORKER: true,
      AUTH_RATE_LIMIT_SCALE: 1,
      MAIL_FROM: "Parley <no-reply@parley.local>",
      SUPPORT_EMAIL: "support@parley.local",
      ADMIN_EMAILS: [],
      ANALYTICS_PORT: 3100,
      ANALYTICS_URL: "/analytics",
      YOUTUBE_BASE_URL: "https://www.youtube.com",
      UPLOAD_MAX_BYTES: 2 * 1024 ** 3,
      DOCUMENT_MAX_BYTES: 50 * 1024 ** 2,
      DIARIZATION_ENGINE: "auto",
      DIARIZATION_SEGMENTATION_MODEL: "pyannote-segmentation-3.0.int8.onnx",
      DIARIZATION_EMBEDDING_MODEL: "3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx",
      DIARIZATION_THRESHOLD: 0.5,
      TRANSCRIBE_CHUNK_SECONDS: 600,
      QUEUE_MONITOR_SECONDS: 60,
      TRANSCRIPTION_CONCURRENCY: 1,
      JOB_NICENESS: 10,
      TRANSCRIPTION_HEARTBEAT_SECONDS: 30,
      TRANSCRIPTION_RETRY_DELAY_SECONDS: 10,
      TRUSTED_PROXY_HOPS: 0,
      NOTES_RETRY_DELAY_SECONDS: 30,
      NOTES_CONCURRENCY: 1,
      TEST_LINK_ALLOW_ADDRESSES: [],
      SPEECH_ENGINE: "auto",
      YOUTUBE_EXTRACTOR: "auto",
      MODEL_DIR: "./data/models",
      WHISPER_CPP_MODEL: "ggml-base-q5_1.bin",
      WHISPER_CPP_DOWNLOAD: true,
      OPENAI_AUDIO_MODEL: "whisper-1",
      LLM_ENGINE: "auto",
      LLM_MODEL: "gpt-4o-mini",
      EMBEDDINGS_MODEL: "text-embedding-3-small",
      // Calendars and Zoom connect (issue 18): the real services' endpoints, polling every 5 minutes.
      GOOGLE_CALENDAR_AUTHORIZATION_URL: "https://accounts.google.com/o/oauth2/v2/auth",
      GOOGLE_CALENDAR_TOKEN_URL: "https://oauth2.googleapis.com/token",
      GOOGLE_CALENDAR_REVOKE_URL: "https://oauth2.googleapis.com/revoke",
      GOOGLE_CALENDAR_USERINFO_URL: "https://openidconnect.googleapis.com/v1/userinfo",
      GOOGLE_CALENDAR_API_URL: "https://www.googleapis.com/calendar/v3",
      MICROSOFT_GRAPH_URL: "https://graph.microsoft.com/v1.0",
      ZOOM_OAUTH_URL: "https://zoom.us",
      ZOOM_API_URL: "https://api.zoom.us/v2",
      CALENDAR_POLL_MINUTES: 5,
      CALENDAR_SYNC_DAYS: 28,
      LLM_CONTEXT_TOKENS: 8192,
      LLM_DOWNLOAD: true,
      MODEL_AUTO_DOWNLOAD: true,
      // Meeting bots (decision 018): Recall's leave timers, 3 bots per machine, at most 3 per user in the
      // queue (the plans decide below that, issue 7).
      BOT_CAPACITY: 3,
      BOT_CONCURRENT_PER_USER: 3,
      BOT_CHROMIUM_PATH: "/usr/bin/chromium",
      BOT_HEADLESS: true,
      BOT_WAITING_ROOM_TIMEOUT_SECONDS: 1200,
      BOT_NOONE_JOINED_TIMEOUT_SECONDS: 1200,
      BOT_EVERYONE_LEFT_TIMEOUT_SECONDS: 2,
      BOT_SILENCE_TIMEOUT_SECONDS: 3600,
      BOT_SILENCE_ACTIVATE_AFTER_SECONDS: 1200,
      BOT_ONLY_BOTS_TIMEOUT_SECONDS: 3600,
      BOT_ONLY_BOTS_ACTIVATE_AFTER_SECONDS: 1200,
      BOT_IN_CALL_NOT_RECORDING_TIMEOUT_SECONDS: 3600,
      BOT_MAX_DURATION_SECONDS: 14400,
      BOT_LAUNCHER: "child",
      BOT_KUBERNETES_TOKEN_FILE: "/var/run/secrets/kubernetes.io/serviceaccount/token",
      BOT_KUBERNETES_CA_FILE: "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt",
      BOT_KUBERNETES_NAMESPACE_FILE: "/var/run/secrets/kubernetes.io/serviceaccount/namespace",
      BOT_KUBERNETES_POLL_SECONDS: 5,
      BOT_KUBERNETES_CPU: "1",
      BOT_KUBERNETES_MEMORY: "1536Mi",
      GOOGLE_AUTHORIZATION_URL: "https://accounts.google.com/o/oauth2/v2/auth",
      GOOGLE_TOKEN_URL: "https://oauth2.googleapis.com/token",
      GOOGLE_JWKS_URL: "https://www.googleapis.com/oauth2/v3/certs",
      GOOGLE_ISSUER: "https://accounts.google.com",
      GOOGLE_GSI_CLIENT_URL: "https://accounts.google.com/gsi/client",
      FACEBOOK_AUTHORIZATION_URL: "https://www.facebook.com/v24.0/dialog/oauth",
      FACEBOOK_TOKEN_URL: "https://graph.facebook.com/v24.0/oauth/access_token",
      FACEBOOK_USERINFO_URL: "https://graph.facebook.com/v24.0/me",
      APPLE_AUTHORIZATION_URL: "https://appleid.apple.com/auth/authorize",
      APPLE_TOKEN_URL: "https://appleid.apple.com/auth/token",
      APPLE_JWKS_URL: "https://appleid.apple.com/auth/keys",
      APPLE_ISSUER: "https://appleid.apple.com",
      MICROSOFT_TENANT_ID: "common",
      MICROSOFT_AUTHORITY: "https://login.microsoftonline.com",
      // Billing (issue 7): Paddle off until a key is set, Paddle's sandbox and its CDN script.
      PADDLE_ENVIRONMENT: "sandbox",
      PADDLE_WEBHOOK_TOLERANCE_SECONDS: 300,
      PADDLE_JS_URL: "https://cdn.paddle.com/paddle/v2/paddle.js",
    });
  });

  it("reads the plan limits and Paddle's JSON settings, refusing broken JSON", () => {
    const env = parseEnv({
      BILLING_FREE_LIMITS: JSON.stringify({
        transcriptionMinutesPerMonth: 10,
        uploadsPerMonth: 1,
        concurrentMeetings: 1,
        recordingMinutes: null,
      }),
    });
    expect(env.BILLING_FREE_LIMITS).toEqual({
      transcriptionMinutesPerMonth: 10,
      uploadsPerMonth: 1,
      concurrentMeetings: 1,
      recordingMinutes: null,
    });
    expect(() => parseEnv({ BILLING_PRO_LIMITS: "{nope" })).toThrow(/BILLING_PRO_LIMITS: must be JSON/);
    expect(() => parseEnv({ BILLING_PRO_LIMITS: JSON.stringify({ uploadsPerMonth: -1 }) })).toThrow(/BILLING_PRO_LIMITS/);
    expect(() => parseEnv({ PADDLE_CATALOG: JSON.stringify({ t9: {} }) })).toThrow(/PADDLE_CATALOG/);
  });

  it("reads the account settings: admin e-mails as a lower-cased list, SMTP and secret checked", () => {
    expect(parseEnv({ ADMIN_EMAILS: " Boss@Example.com, ops@example.com ," }).ADMIN_EMAILS).toEqual([
      "boss@example.com",
      "ops@example.com",
    ]);
    expect(() => parseEnv({ ADMIN_EMAILS: "not-an-email" })).toThrow(/ADMIN_EMAILS/);
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });

  it("switches to PostgreSQL with DATABASE_URL and reads the other settings", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://u:p@db:5432/parley",
      PORT: "8080",
      EMBEDDED_WORKER: "false",
      PUBLIC_URL: "https://notes.example.com",
    });
    expect(env).toMatchObject({
      DATABASE_URL: "postgres://u:p@db:5432/parley",
      PORT: 8080,
      EMBEDDED_WORKER: false,
      PUBLIC_URL: "https://notes.example.com",
    });
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" })).toMatchObject({ PORT: 3000 });
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /PORT: /],
    [{ PORT: "70000" }, /PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL: /],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL: /],
    [{ EMBEDDED_WORKER: "yes" }, /EMBEDDED_WORKER: /],
  ])("names the variable of a bad value: %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("lists every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "x", LOG_LEVEL: "y" })).toThrow(/Invalid environment:\n {2}PORT: .*\n {2}LOG_LEVEL: /);
  });
});

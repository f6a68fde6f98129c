import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { enginesResponseSchema } from "~/shared/engines/engines-api";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "../../../../test/stand-ins/openai-chat/server";
import { accountClients } from "../../../../test/support/account-clients";
import { databaseKinds } from "../../../../test/support/test-databases";
import { actionCodeFor, startTestWeb, TestClient } from "../../../../test/support/test-web";

/** A port nothing listens on: opened, read, closed. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

// GET /api/admin/engines over real HTTP (issue 19): what runs, where the choice comes from, and whether it
// answers: the language model's endpoint is the chat stand-in (answers), embeddings go to the stand-in with a
// wrong key (refused: error), transcription to a closed port (unreachable). Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("admin engines API on %s", (kind) => {
  let web: RunningWeb;
  let standIn: OpenAiChatStandIn;
  let deadUrl: string;
  const { password, verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn({ apiKey: "right-key" });
    deadUrl = await closedPortUrl();
    web = await startTestWeb(kind, {
      AUTH_RATE_LIMIT_SCALE: "100",
      ADMIN_EMAILS: "engines-boss@example.com",
      LLM_BASE_URL: standIn.url,
      LLM_API_KEY: "right-key",
      LLM_MODEL: "stand-in-chat",
      // startTestWeb turns the (default-on) download off; here the default stands, so only LLM_BASE_URL decides.
      LLM_DOWNLOAD: "true",
      EMBEDDINGS_BASE_URL: standIn.url,
      EMBEDDINGS_API_KEY: "wrong-key",
      OPENAI_AUDIO_BASE_URL: deadUrl,
      OPENAI_AUDIO_MODEL: "whisper-1",
      SPEECH_LANGUAGES: "en,es",
      YOUTUBE_EXTRACTOR: "yt-dlp",
      YTDLP_PATH: "/nonexistent/yt-dlp",
    });
  });
  afterAll(async () => {
    await web?.stop();
    await standIn?.close();
  });

  it("shows an admin each engine with its source and health, and keeps others out", async () => {
    const admin = new TestClient(web.url);
    await admin.signUp("engines-boss@example.com", password);
    await admin.request(
      "GET",
      `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web, "engines-boss@example.com", "verifyEmail"))}`,
    );
    const response = await admin.api("GET", "/admin/engines");
    expect(response.status).toBe(200);
    const { engines } = enginesResponseSchema.parse(await response.json());
    const byCapability = Object.fromEntries(engines.map((engine) => [engine.capability, engine]));
    expect(Object.keys(byCapability)).toEqual(["transcription", "notes", "ask", "embeddings", "speakerLabels", "youtube"]);

    expect(byCapability.transcription).toMatchObject({
      engine: "openai-compatible:whisper-1",
      model: "whisper-1",
      languages: ["en", "es"],
      source: { kind: "environment", variables: ["OPENAI_AUDIO_BASE_URL", "SPEECH_LANGUAGES"] },
      health: { state: "unreachable" },
    });
    expect(byCapability.transcription?.health.detail).toContain(`${deadUrl}/v1/models`);

    for (const capability of ["notes", "ask"]) {
      expect(byCapability[capability]).toMatchObject({
        engine: "openai:stand-in-chat",
        model: "stand-in-chat",
        source: { kind: "environment", variables: ["LLM_BASE_URL"] },
        health: { state: "ok", detail: null },
      });
    }
    expect(byCapability.embeddings).toMatchObject({
      model: "text-embedding-3-small",
      source: { kind: "environment", variables: ["EMBEDDINGS_BASE_URL"] },
      health: { state: "error" },
    });
    expect(byCapability.embeddings?.health.detail).toContain("401");
    // No diarization models in MODEL_DIR: only meeting bots name speakers, and the card says what to fetch.
    expect(byCapability.speakerLabels).toMatchObject({ engine: "meeting-bot", health: { state: "missing" } });
    expect(byCapability.speakerLabels?.health.detail).toContain("download the recommended models");
    // yt-dlp asked for at a path where there is none: the built-in client reads links, and the card says why.
    expect(byCapability.youtube).toMatchObject({
      engine: "built-in",
      source: { kind: "environment", variables: ["YOUTUBE_EXTRACTOR", "YTDLP_PATH"] },
      health: { state: "error", detail: expect.stringContaining("/nonexistent/yt-dlp") },
    });

    const { client: member } = await verifiedClient();
    expect((await member.api("GET", "/admin/engines")).status).toBe(403);
    expect((await new TestClient(web.url).api("GET", "/admin/engines")).status).toBe(401);
  });
});

import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineSettings } from "~/infra/db/engines-schema";
import type { RunningWeb } from "~/server/start-web";
import { testConnectionResponseSchema } from "~/shared/engines/engine-settings-api";
import { type EngineInfo, enginesResponseSchema } from "~/shared/engines/engines-api";
import { type OpenAiAudioStandIn, startOpenAiAudioStandIn } from "../../../../test/stand-ins/openai-audio/server";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "../../../../test/stand-ins/openai-chat/server";
import { bytesOf, clipPath } from "../../../../test/support/media-fixtures";
import { isFinal, waitForNote } from "../../../../test/support/note-events";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";
import { uploadFile } from "../../../../test/support/tus";

/** A port nothing listens on: opened, read, closed. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function enginesOf(response: Response): Promise<Record<string, EngineInfo>> {
  expect(response.status).toBe(200);
  const { engines } = enginesResponseSchema.parse(await response.json());
  return Object.fromEntries(engines.map((engine) => [engine.capability, engine]));
}

// Stored engine choices over real HTTP (issue 19): admins only, the environment wins (409 naming the
// variable), API keys sealed and never sent back, the engines follow a change without a restart (the next
// transcription goes to the newly chosen endpoint with the stored key), and "test connection" names what is
// wrong. Once on PGlite, once on PostgreSQL.
describe.each(databaseKinds)("engine settings API on %s", (kind) => {
  let web: RunningWeb;
  let chat: OpenAiChatStandIn;
  let audio: OpenAiAudioStandIn;
  let deadUrl: string;
  let admin: TestClient;
  let counter = 0;
  const adminEmail = `engine-admin-${kind}@example.com`;

  beforeAll(async () => {
    chat = await startOpenAiChatStandIn({ apiKey: "chat-key" });
    audio = await startOpenAiAudioStandIn({ transcripts: new Map(), apiKey: "audio-key" });
    deadUrl = await closedPortUrl();
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-engine-settings-"));
    web = await startTestWeb(kind, {
      AUTH_RATE_LIMIT_SCALE: "100",
      ADMIN_EMAILS: adminEmail,
      DATA_DIR: dataDir,
      MODEL_DIR: path.join(dataDir, "models"),
      WHISPER_CPP_DOWNLOAD: "false",
      BOT_CAPACITY: "0",
      // Set by the environment: locked on the page.
      EMBEDDINGS_MODEL: "env-embeddings",
    });
    admin = await verifiedClient(web, adminEmail);
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
    await chat?.close();
    await audio?.close();
  });

  it("is for admins only", async () => {
    const member = await verifiedClient(web, `engine-member-${kind}-${++counter}@example.com`);
    const body = { capability: "notes", values: { engine: "none" } };
    expect((await member.api("PUT", "/admin/engines/settings", body)).status).toBe(403);
    expect((await member.api("DELETE", "/admin/engines/settings/notes")).status).toBe(403);
    const test = { kind: "chat", baseUrl: chat.url, model: "stand-in-chat" };
    expect((await member.api("POST", "/admin/engines/test-connection", test)).status).toBe(403);
    const anonymous = new TestClient(web.url);
    expect((await anonymous.api("PUT", "/admin/engines/settings", body)).status).toBe(401);
    expect((await anonymous.api("POST", "/admin/engines/test-connection", test)).status).toBe(401);
    expect(chat.requests()).toEqual([]);
  });

  it("stores the language model's endpoint with a sealed key, never returns the key, and forgets it on DELETE", async () => {
    const saved = await admin.api("PUT", "/admin/engines/settings", {
      capability: "notes",
      values: { engine: "openai", baseUrl: chat.url, apiKey: "chat-key", model: "stand-in-chat" },
    });
    const text = await saved.clone().text();
    expect(text).not.toContain("chat-key");
    const engines = await enginesOf(saved);
    for (const capability of ["notes", "ask"]) {
      expect(engines[capability]).toMatchObject({
        engine: "openai:stand-in-chat",
        model: "stand-in-chat",
        source: { kind: "database", updatedBy: adminEmail },
        lockedVariables: [],
        settings: { values: { engine: "openai", baseUrl: chat.url, model: "stand-in-chat" }, apiKey: "set" },
        // The endpoint's health check sends the stored key, opened again: the stand-in accepts it.
        health: { state: "ok" },
      });
    }
    expect(engines.notes?.source.variables.sort()).toEqual(["LLM_API_KEY", "LLM_BASE_URL", "LLM_ENGINE", "LLM_MODEL"]);
    const [row] = await web.database.db.select().from(engineSettings).where(eq(engineSettings.name, "LLM_API_KEY"));
    expect(row).toMatchObject({ isSecret: true });
    expect(row?.value).not.toContain("chat-key");

    // A blank key keeps the stored one: the endpoint still answers.
    const kept = await enginesOf(
      await admin.api("PUT", "/admin/engines/settings", { capability: "ask", values: { apiKey: "", model: "stand-in-chat" } }),
    );
    expect(kept.notes).toMatchObject({ settings: { apiKey: "set" }, health: { state: "ok" } });
    // Without a key given, the connection test uses the stored one.
    const tested = await admin.api("POST", "/admin/engines/test-connection", { kind: "chat", baseUrl: chat.url, model: "stand-in-chat" });
    expect(testConnectionResponseSchema.parse(await tested.json())).toMatchObject({ ok: true, problem: null });

    const forgotten = await enginesOf(await admin.api("DELETE", "/admin/engines/settings/notes"));
    // Back to what the environment says: startTestWeb turns the (default-on, issue 19) model download off.
    expect(forgotten.notes).toMatchObject({
      engine: "none",
      source: { kind: "environment", variables: ["LLM_DOWNLOAD"] },
      settings: { apiKey: "unset" },
    });
    expect(await web.database.db.select().from(engineSettings)).toEqual([]);
  });

  it("refuses to change a variable the environment sets, naming it, and refuses addresses that are not http(s)", async () => {
    const locked = await admin.api("PUT", "/admin/engines/settings", { capability: "embeddings", values: { model: "mine" } });
    expect(locked.status).toBe(409);
    expect(await locked.json()).toMatchObject({
      errorCode: "ENGINE_SETTING_SET_BY_ENVIRONMENT",
      variable: "EMBEDDINGS_MODEL",
      message: "EMBEDDINGS_MODEL is set in the server environment, which wins over this page: change or remove it there.",
    });
    const report = await enginesOf(await admin.api("GET", "/admin/engines"));
    expect(report.embeddings).toMatchObject({ settings: { values: { model: "env-embeddings" } }, lockedVariables: ["EMBEDDINGS_MODEL"] });
    const ftp = await admin.api("PUT", "/admin/engines/settings", { capability: "embeddings", values: { baseUrl: "ftp://127.0.0.1/v1" } });
    expect(ftp.status).toBe(400);
    expect(await web.database.db.select().from(engineSettings)).toEqual([]);
  });

  it("tests a connection and names what is wrong: key refused, model unknown, unreachable", async () => {
    const check = async (body: Record<string, string>) => {
      const response = await admin.api("POST", "/admin/engines/test-connection", body);
      expect(response.status).toBe(200);
      return testConnectionResponseSchema.parse(await response.json());
    };
    expect(await check({ kind: "chat", baseUrl: chat.url, apiKey: "chat-key", model: "stand-in-chat" })).toMatchObject({
      ok: true,
      models: ["stand-in-chat"],
    });
    const refused = await check({ kind: "chat", baseUrl: `${chat.url}/v1`, apiKey: "wrong-key", model: "stand-in-chat" });
    expect(refused).toMatchObject({ ok: false, problem: "key_refused" });
    expect(refused.detail).toContain("401");
    // Not in the list: one tiny completion asks, and the endpoint says it does not know the model.
    chat.script({ when: "ping", status: 404, message: "The model `no-such-model` does not exist", code: "model_not_found" });
    const unknown = await check({ kind: "chat", baseUrl: chat.url, apiKey: "chat-key", model: "no-such-model" });
    expect(unknown).toMatchObject({ ok: false, problem: "model_unknown" });
    expect(unknown.detail).toContain("does not exist");
    expect(chat.requests().at(-1)?.body).toMatchObject({ model: "no-such-model", max_tokens: 1 });
    const dead = await check({ kind: "embeddings", baseUrl: deadUrl, model: "text-embedding-3-small" });
    expect(dead).toMatchObject({ ok: false, problem: "unreachable" });
    expect(dead.detail).toContain("ECONNREFUSED");

    // The transcription stand-in lists no models: a 0.1 s silent file is sent to the model instead.
    expect(await check({ kind: "transcription", baseUrl: audio.url, apiKey: "audio-key", model: "whisper-test" })).toMatchObject({
      ok: true,
    });
    expect(audio.lastRequest).toMatchObject({ model: "whisper-test", authorization: "Bearer audio-key" });
    expect(await check({ kind: "transcription", baseUrl: audio.url, apiKey: "nope", model: "whisper-test" })).toMatchObject({
      ok: false,
      problem: "key_refused",
    });
  });

  it("switches transcription from pocketsphinx to the OpenAI-compatible endpoint without a restart", async () => {
    const sphinx = await enginesOf(
      await admin.api("PUT", "/admin/engines/settings", { capability: "transcription", values: { engine: "pocketsphinx" } }),
    );
    expect(sphinx.transcription?.engine).toMatch(/^pocketsphinx:/);
    expect(sphinx.transcription?.source).toMatchObject({ kind: "database", variables: ["SPEECH_ENGINE"] });
    expect(await (await admin.api("GET", "/transcription/languages")).json()).toEqual({ languages: ["en"], canDetect: false });

    const openai = await enginesOf(
      await admin.api("PUT", "/admin/engines/settings", {
        capability: "transcription",
        values: { engine: "openai", baseUrl: audio.url, apiKey: "audio-key", model: "whisper-switched", languages: "en,es" },
      }),
    );
    expect(openai.transcription).toMatchObject({ engine: "openai-compatible:whisper-switched", languages: ["en", "es"] });
    expect(await (await admin.api("GET", "/transcription/languages")).json()).toEqual({ languages: ["en", "es"], canDetect: true });

    const noteId = await uploadFile(admin, bytesOf(clipPath("c6")), {
      kind: "file",
      filename: "c6.wav",
      filetype: "audio/wav",
      language: "en",
    });
    await waitForNote(admin, noteId, isFinal, { timeoutMs: 90_000 });
    // The job's engine is the stored one (only it names this model), with the stored key opened again.
    expect(audio.lastRequest).toMatchObject({ model: "whisper-switched", authorization: "Bearer audio-key" });
  }, 120_000);
});

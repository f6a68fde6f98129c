import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/infra/logging/logger";
import { verifyPinnedFile } from "~/infra/net/pinned-file";
import { partPath } from "~/infra/net/resumable-download";
import { parseEnv } from "~/runtime/env";
import { createModelDownloads } from "~/runtime/model-downloads";
import type { RunningWeb } from "~/server/start-web";
import type { AiNotes } from "~/shared/ai-notes/ai-notes-api";
import { enginesResponseSchema } from "~/shared/engines/engines-api";
import { type ModelDownload, modelDownloadResponseSchema, modelDownloadsResponseSchema } from "~/shared/engines/model-downloads-api";
import type { NoteView } from "~/shared/notes/notes-api";
import { type ModelFileServer, startModelFileServer } from "../../../../test/support/model-file-server";
import { waitForNote } from "../../../../test/support/note-events";
import { type DatabaseKind, databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// The engines page's model downloads over real HTTP (issue 19), on PGlite and on PostgreSQL: the catalogue
// (a test-only MODEL_CATALOGUE_FILE) pins the real SmolLM2-135M GGUF, served with Range by a stand-in for
// Hugging Face on 127.0.0.1. Size before starting, live progress, cancel keeping the part, resume from it,
// admins only; then the language model loader (LLM_ENGINE auto) finds the downloaded file and writes notes.
const modelFile = path.resolve(".cache/models/SmolLM2-135M-Instruct.Q4_1.gguf");
const fileName = "SmolLM2-135M-Instruct.Q4_1.gguf";
const sha256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53";
const totalBytes = 98_362_432;

/** A port nothing listens on: opened, read, closed. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

interface DownloadsWeb {
  web: RunningWeb;
  files: ModelFileServer;
  modelDir: string;
  admin: TestClient;
  list(): Promise<ModelDownload>;
  act(method: "POST" | "DELETE"): Promise<ModelDownload>;
  stop(): Promise<void>;
}

async function startDownloadsWeb(kind: DatabaseKind): Promise<DownloadsWeb> {
  await stat(modelFile).catch(() => {
    throw new Error(`${modelFile} is missing: run scripts/models/fetch-smollm2.sh`);
  });
  const files = await startModelFileServer({ [`/${fileName}`]: modelFile });
  const modelDir = await mkdtemp(path.join(tmpdir(), "model-downloads-"));
  const catalogue = `${modelDir}-catalogue.json`;
  await writeFile(catalogue, JSON.stringify([{ capability: "notes", fileName, sha256, bytes: totalBytes, licence: "Apache-2.0" }]));
  const web = await startTestWeb(kind, {
    AUTH_RATE_LIMIT_SCALE: "100",
    ADMIN_EMAILS: "downloads-boss@example.com",
    NODE_ENV: "test",
    TEST_LINK_ALLOW_ADDRESSES: "127.0.0.1",
    MODEL_DOWNLOAD_BASE_URL: files.url,
    MODEL_CATALOGUE_FILE: catalogue,
    MODEL_DIR: modelDir,
    LLM_ENGINE: "auto",
    LLM_CONTEXT_TOKENS: "2048",
    LLM_THREADS: "1",
    NOTES_RETRY_DELAY_SECONDS: "1",
  });
  const admin = await verifiedClient(web, "downloads-boss@example.com");
  return {
    web,
    files,
    modelDir,
    admin,
    async list() {
      const response = await admin.api("GET", "/admin/engines/downloads");
      expect(response.status).toBe(200);
      const [download] = modelDownloadsResponseSchema.parse(await response.json()).downloads;
      if (!download) throw new Error("the catalogue is empty");
      return download;
    },
    async act(method) {
      const response = await admin.api(method, `/admin/engines/downloads/${fileName}`);
      expect(response.status).toBe(200);
      return modelDownloadResponseSchema.parse(await response.json()).download;
    },
    async stop() {
      await web.stop();
      await files.close();
      await rm(modelDir, { recursive: true, force: true });
      await rm(catalogue, { force: true });
    },
  };
}

describe.each(databaseKinds)("admin model downloads API on %s", (kind) => {
  let context: DownloadsWeb;
  let web: RunningWeb;
  let files: ModelFileServer;
  let modelDir: string;
  let admin: TestClient;
  const list = () => context.list();
  const act = (method: "POST" | "DELETE") => context.act(method);

  beforeAll(async () => {
    context = await startDownloadsWeb(kind);
    ({ web, files, modelDir, admin } = context);
  }, 120_000);
  afterAll(async () => {
    await context?.stop();
  });

  it("shows the size first, downloads with live progress, cancels keeping the part, and resumes from it", async () => {
    expect(await list()).toMatchObject({ modelId: fileName, capability: "notes", state: "missing", bytes: totalBytes, host: "127.0.0.1" });

    files.holdNextAfter(30_000_000);
    expect((await act("POST")).state).toMatch(/^(downloading|verifying)$/);
    // The runner writes its progress to the row about once a second.
    await expect.poll(async () => (await list()).bytesDone, { timeout: 20_000 }).toBe(30_000_000);
    const running = await list();
    expect(running).toMatchObject({ state: "downloading", bytesTotal: totalBytes });

    expect((await act("DELETE")).state).toBe("cancelled");
    expect((await stat(partPath(path.join(modelDir, fileName)))).size).toBe(30_000_000);
    expect(await readdir(modelDir)).not.toContain(fileName);
    expect(await list()).toMatchObject({ state: "cancelled", bytesDone: 30_000_000 });

    await act("POST");
    await expect.poll(async () => (await list()).state, { timeout: 60_000 }).toBe("done");
    expect(files.requests.at(-1)).toMatchObject({ range: "bytes=30000000-", status: 206, bytesSent: totalBytes - 30_000_000 });
    await verifyPinnedFile(path.join(modelDir, fileName), { sha256 });
    expect(await list()).toMatchObject({ state: "done", bytesDone: totalBytes, error: null });
  }, 120_000);

  it("keeps the API to admins and names an unknown model", async () => {
    expect((await admin.api("POST", "/admin/engines/downloads/no-such-model.gguf")).status).toBe(404);
    expect((await admin.api("POST", "/admin/engines/downloads/..%2Fescape")).status).toBe(400);
    const member = await verifiedClient(web, `member-${kind}@example.com`);
    expect((await member.api("GET", "/admin/engines/downloads")).status).toBe(403);
    expect((await member.api("POST", `/admin/engines/downloads/${fileName}`)).status).toBe(403);
    expect((await member.api("DELETE", `/admin/engines/downloads/${fileName}`)).status).toBe(403);
    expect((await new TestClient(web.url).api("GET", "/admin/engines/downloads")).status).toBe(401);
  });

  it("says within seconds that this machine cannot reach the model's host, and keeps the page working", async () => {
    const deadUrl = await closedPortUrl();
    const catalogue = `${modelDir}-unreachable.json`;
    await writeFile(catalogue, JSON.stringify([{ capability: "notes", fileName: "unreachable.gguf", sha256, bytes: totalBytes }]));
    const env = parseEnv({
      NODE_ENV: "test",
      TEST_LINK_ALLOW_ADDRESSES: "127.0.0.1",
      MODEL_DOWNLOAD_BASE_URL: deadUrl,
      MODEL_CATALOGUE_FILE: catalogue,
      MODEL_DIR: modelDir,
    });
    const downloads = createModelDownloads({ db: web.database.db, logger: createLogger("silent"), env, probeTimeoutMs: 2_000 });
    const started = Date.now();
    const answer = await downloads.start("unreachable.gguf", null);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatchObject({ state: "failed", error: expect.stringMatching(/^this machine cannot reach 127\.0\.0\.1: /) });
    expect(await downloads.list()).toMatchObject([{ modelId: "unreachable.gguf", state: "failed" }]);
    await rm(catalogue, { force: true });
  });
});

// With the downloaded GGUF in MODEL_DIR, LLM_ENGINE auto loads it for the notes (PGlite only: a local model
// run takes a minute or two on two cores, and the database plays no part in it).
describe("notes after a model download", () => {
  let context: DownloadsWeb;
  beforeAll(async () => {
    context = await startDownloadsWeb("pglite");
  }, 120_000);
  afterAll(async () => {
    await context?.stop();
  });

  it('holds a note\'s notes while the model downloads ("waiting" with its percent), then writes them with it', async () => {
    const { web, admin, files } = context;
    const client = await verifiedClient(web, "notes-after-download@example.com");
    files.holdNextAfter(30_000_000);
    await context.act("POST");
    await expect.poll(async () => (await context.list()).bytesDone, { timeout: 20_000 }).toBe(30_000_000);

    const created = await client.api("POST", "/notes/text", {
      title: "Release sync",
      text: "Sarah said the release ships on Tuesday.\n\nWe decided to keep the free plan.\n\nTom will send the notes by Friday.",
    });
    expect(created.status).toBe(201);
    const { note } = (await created.json()) as { note: NoteView };
    // 30,000,000 of 98,362,432 bytes: 30%.
    const waiting = await waitForNote(client, note.id, (view) => view.data.notesError === "waiting_for_model");
    expect(waiting.data).toMatchObject({ notesStatus: "notes_in_progress", notesProgress: 30 });

    files.release();
    await expect.poll(async () => (await context.list()).state, { timeout: 60_000 }).toBe("done");
    // The engines follow a finished download within the configuration's ~2 s version cache.
    const notesEngine = async () =>
      enginesResponseSchema
        .parse(await (await admin.api("GET", "/admin/engines")).json())
        .engines.find((engine) => engine.capability === "notes")?.engine;
    await expect.poll(notesEngine, { timeout: 10_000 }).toBe(`llama:${fileName}`);
    const done = await waitForNote(
      client,
      note.id,
      (view) => view.data.notesStatus === "notes_ready" || view.data.notesStatus === "notes_failed",
      { timeoutMs: 170_000 },
    );
    expect(done.data.notesStatus).toBe("notes_ready");
    const { aiNotes } = (await (await client.api("GET", `/notes/${note.id}/ai-notes`)).json()) as { aiNotes: AiNotes };
    // SmolLM2-135M (the only GGUF the tests can fetch) usually runs to the token limit, and the notes then
    // fall back to the extractive floor, labelled with the model's failure: either way the model wrote or
    // tried them, never "no model configured".
    if (aiNotes.engine === "extractive")
      expect(aiNotes.fallbackReason).toMatch(/^(cut_off|bad_output|looping_answer|off_transcript|empty_answer|placeholder_answer)$/);
    else expect(aiNotes).toMatchObject({ engine: `llama:${fileName}`, fallbackReason: null });
  }, 180_000);
});

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFixtures } from "../fixtures/documents/make-fixtures";
import { isFinal, waitForNote } from "../support/note-events";
import { freePort } from "../support/spawn-role";
import { TestClient } from "../support/test-web";
import { uploadFile } from "../support/tus";

// Issue 22: `npm run serve` runs the compiled server (scripts/build-server.ts) with plain node, no tsx.
// This uses the output of `npm run build`, which scripts/test-all.sh runs before Vitest. Each check covers
// something a bundle can lose: the migrations folder (a fresh data dir), the React Router build (a page),
// the mail templates (loaded on the first mail), the PDF text thread's own entry file (a PDF upload), and
// the other roles' entry points.
const buildDir = path.resolve("build/server");
const node = (file: string) => path.join(buildDir, file);

interface Run {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}
const running: ChildProcess[] = [];

function runBuilt(file: string, env: Record<string, string>, args: string[] = []): Run {
  if (!existsSync(node(file))) throw new Error(`${node(file)} is missing: run \`npm run build\` first`);
  // Plain node: the build must not need tsx's loader.
  const child = spawn(process.execPath, [node(file), ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves once `text` is in the output; rejects with the output if the process ends first. */
function logged(run: Run, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => (run.output().includes(text) ? resolve() : undefined);
    run.child.stdout?.on("data", check);
    run.child.stderr?.on("data", check);
    void run.exited.then(() => (run.output().includes(text) ? resolve() : reject(new Error(`exited before "${text}":\n${run.output()}`))));
    check();
  });
}

describe("the server started from the build (npm run serve)", () => {
  let dataDir = "";
  let baseUrl = "";
  let web: Run;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "parley-built-"));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    web = runBuilt("main.js", {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      MODEL_AUTO_DOWNLOAD: "false",
      LLM_DOWNLOAD: "false",
      AUTH_RATE_LIMIT_SCALE: "100",
    });
    await logged(web, "web role listening");
  }, 120_000);

  afterAll(async () => {
    for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("migrates a fresh data dir and answers /api/health and a page", async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: { kind: "pglite" } });
    const page = await fetch(`${baseUrl}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!DOCTYPE html>/i);
  });

  it("mails a sign-up link, then reads an uploaded PDF in its thread into a ready note", async () => {
    const email = "built@example.com";
    const client = new TestClient(baseUrl);
    expect((await client.signUp(email, "correct horse battery")).status).toBe(200);
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { items: { text: string }[] };
    const code = /\/email-action\?mode=verifyEmail&oobCode=([^\s"'<>&]+)/.exec(mails.items[0]?.text ?? "")?.[1];
    expect(code).toBeDefined();
    await client.request("GET", `/api/auth/verify-email?token=${code}`);
    const pdf = documentFixtures()["two-pages.pdf"] as Uint8Array;
    const noteId = await uploadFile(client, pdf, { kind: "document", filename: "two-pages.pdf" });
    const note = await waitForNote(client, noteId, isFinal, { timeoutMs: 30_000 });
    expect(note.data).toMatchObject({ type: "document", transcriptionCode: "transcription_ready" });
  });

  it("stops on SIGTERM", async () => {
    web.child.kill("SIGTERM");
    expect(await web.exited).toBe(0);
    expect(web.output()).toContain('"msg":"stopped"');
  });
});

describe("the other roles from the build", () => {
  it("runs the worker, the analytics gateway, the bot and the admin CLI, each refusing a missing setting with its own message", async () => {
    const worker = runBuilt("worker.js", {});
    const analytics = runBuilt("analytics.js", {});
    const bot = runBuilt("bot.js", {});
    const admin = runBuilt("admin.js", {});
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain("The worker role needs DATABASE_URL");
    expect(await analytics.exited).not.toBe(0);
    expect(analytics.output()).toContain("The analytics role needs DATABASE_URL");
    expect(await bot.exited).toBe(2);
    expect(bot.output()).toContain("bot: no job given");
    expect(await admin.exited).toBe(2);
    expect(admin.output()).toContain("usage: npm run admin");
  });

  it("keeps beside the entry points what is spawned or read by path", () => {
    for (const file of ["pdf-text-worker.js", "sherpa-diarizer-child.js", "bot.js", "migrations/meta/_journal.json"]) {
      expect(existsSync(node(file)), file).toBe(true);
    }
  });
});

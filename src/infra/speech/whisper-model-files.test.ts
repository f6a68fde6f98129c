import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isEnglishOnlyModel, resolveWhisperModel, type WhisperModelFile, whisperModelFiles } from "./whisper-model-files";

// The resolver against a small HTTP server on 127.0.0.1 serving a fake "model" (nothing may be fetched
// from Hugging Face here). The loopback server is reachable only through the download's test-only
// allowances (its host allow-listed, its address exempted); production passes neither.
const content = Buffer.from("ggml fake model bytes ".repeat(5_000));
const sha256 = createHash("sha256").update(content).digest("hex");
const matching: WhisperModelFile = { sha256, bytes: content.length, approxMegabytes: 0.1, isMultilingual: true };
const fileName = "ggml-test.bin";

describe("resolveWhisperModel", () => {
  let server: Server;
  let baseUrl: string;
  let hits = 0;
  let modelDir: string;
  const loopback = { allowedHosts: ["127.0.0.1"], unsafeAllowAddresses: ["127.0.0.1"] };

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits++;
      if (request.url === `/moved/${fileName}`) return response.writeHead(302, { location: `/files/${fileName}` }).end();
      if (request.url === `/files/${fileName}`) return response.writeHead(200, { "content-length": content.length }).end(content);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    modelDir = await mkdtemp(path.join(tmpdir(), "models-"));
    hits = 0;
    return () => rm(modelDir, { recursive: true, force: true });
  });

  const resolve = (overrides: Partial<Parameters<typeof resolveWhisperModel>[0]> = {}) =>
    resolveWhisperModel({
      modelDir,
      fileName,
      allowDownload: true,
      downloadBaseUrl: `${baseUrl}/files`,
      entry: matching,
      download: loopback,
      ...overrides,
    });

  it("downloads a missing model, checks it and records the check in a sidecar", async () => {
    const target = await resolve();
    expect(target).toBe(path.join(modelDir, fileName));
    expect((await readFile(target)).equals(content)).toBe(true);
    expect(JSON.parse(await readFile(`${target}.sha256`, "utf8"))).toMatchObject({ sha256, size: content.length });
    expect((await readdir(modelDir)).sort()).toEqual([fileName, `${fileName}.sha256`]);
    // Present now: no second download.
    await resolve();
    expect(hits).toBe(1);
  });

  it("follows a redirect, each hop checked", async () => {
    await resolve({ downloadBaseUrl: `${baseUrl}/moved` });
    expect(hits).toBe(2);
  });

  it("deletes a download whose sha256 does not match and says so", async () => {
    await expect(resolve({ entry: { ...matching, sha256: "0".repeat(64) } })).rejects.toMatchObject({
      name: "SpeechEngineError",
      code: "ENGINE_FAILED",
      isRetryable: false,
      message: expect.stringMatching(/does not match its pinned sha256/),
    });
    expect(await readdir(modelDir)).toEqual([]);
  });

  it("refuses a download of another size than the pinned one", async () => {
    await expect(resolve({ entry: { ...matching, bytes: content.length + 1 } })).rejects.toMatchObject({ code: "ENGINE_FAILED" });
    await expect(resolve({ entry: { ...matching, bytes: undefined, approxMegabytes: 0.05 } })).rejects.toMatchObject({
      code: "ENGINE_FAILED",
      message: expect.stringMatching(/TOO_LARGE/),
    });
    expect(await readdir(modelDir)).toEqual([]);
  });

  it("refuses the loopback server without the test-only allowances (only public hosts, by default only Hugging Face)", async () => {
    await expect(resolve({ download: undefined })).rejects.toMatchObject({
      code: "ENGINE_FAILED",
      isRetryable: false,
      message: expect.stringMatching(/host not allowed/),
    });
    await expect(resolve({ download: { allowedHosts: ["127.0.0.1"] } })).rejects.toMatchObject({
      message: expect.stringMatching(/non-public address/),
    });
    expect(hits).toBe(0);
  });

  it("reports a missing model with download off as unavailable, without touching the network", async () => {
    await expect(resolve({ allowDownload: false })).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      isRetryable: false,
      message: expect.stringMatching(/missing and WHISPER_CPP_DOWNLOAD is off/),
    });
    expect(hits).toBe(0);
  });

  it("verifies a model the operator put in place, once", async () => {
    const target = path.join(modelDir, fileName);
    const when = new Date("2026-01-01T00:00:00Z");
    await writeFile(target, content);
    await utimes(target, when, when);
    await resolve({ allowDownload: false });
    expect(hits).toBe(0);
    // The sidecar vouches for this size and mtime, so the next call does not hash again: bytes swapped
    // behind its back (same length, same mtime) pass; the same swap with a new mtime does not.
    await writeFile(target, Buffer.alloc(content.length));
    await utimes(target, when, when);
    await expect(resolve({ allowDownload: false })).resolves.toBe(target);
    await utimes(target, new Date(), new Date());
    await expect(resolve({ allowDownload: false })).rejects.toMatchObject({ code: "ENGINE_UNAVAILABLE" });
  });

  it("rejects a present model that does not match its checksum, and keeps it for the operator", async () => {
    const target = path.join(modelDir, fileName);
    await writeFile(target, Buffer.alloc(content.length));
    await expect(resolve({ allowDownload: false })).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      message: expect.stringMatching(/replace or remove it/),
    });
    // A stale sidecar (another size) is not trusted either.
    await writeFile(`${target}.sha256`, JSON.stringify({ sha256, size: 1, mtimeMs: 0 }));
    await expect(resolve({ allowDownload: false })).rejects.toMatchObject({ code: "ENGINE_UNAVAILABLE" });
    expect((await stat(target)).size).toBe(content.length);
  });

  it("uses an unlisted file the operator supplied, and cannot download one", async () => {
    const custom = "ggml-custom.bin";
    await writeFile(path.join(modelDir, custom), "anything");
    expect(await resolveWhisperModel({ modelDir, fileName: custom, allowDownload: true })).toBe(path.join(modelDir, custom));
    await expect(resolveWhisperModel({ modelDir, fileName: "ggml-other.bin", allowDownload: true })).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
      message: expect.stringMatching(/no pinned checksum/),
    });
  });

  it("refuses a model name that is a path", async () => {
    await expect(resolveWhisperModel({ modelDir, fileName: "../../etc/passwd", allowDownload: false })).rejects.toMatchObject({
      code: "ENGINE_UNAVAILABLE",
    });
  });
});

describe("whisper model table", () => {
  it("pins every file by a sha256 and knows which are English only", () => {
    for (const entry of Object.values(whisperModelFiles)) expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(isEnglishOnlyModel("ggml-base.en-q5_1.bin")).toBe(true);
    expect(isEnglishOnlyModel("ggml-base-q5_1.bin")).toBe(false);
    expect(isEnglishOnlyModel("ggml-tiny.en.bin")).toBe(true);
    expect(isEnglishOnlyModel("ggml-large-v3.bin")).toBe(false);
  });
});

import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ModelFileServer, startModelFileServer } from "../../../test/support/model-file-server";
import { downloadPinnedFile, type FilePin, verifyPinnedFile } from "./pinned-file";
import { type DownloadProgress, downloadResumable, partPath } from "./resumable-download";

// The first-run download path (issue 19) on the real pinned weights: SmolLM2-135M-Instruct Q4_1 as
// scripts/models/fetch-smollm2.sh puts it in .cache/models, served by a Range-capable stand-in on
// 127.0.0.1 that can cut or hold a connection mid-body.
const modelFile = path.resolve(".cache/models/SmolLM2-135M-Instruct.Q4_1.gguf");
const totalBytes = 98_362_432;
const pin: FilePin = {
  sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
  bytes: totalBytes,
  maxBytes: totalBytes,
};
const fileName = "SmolLM2-135M-Instruct.Q4_1.gguf";
const loopback = { allowedHosts: ["127.0.0.1"], unsafeAllowAddresses: ["127.0.0.1"] };

describe("resumable pinned download", () => {
  let server: ModelFileServer;
  let dir: string;
  let target: string;

  beforeAll(async () => {
    await stat(modelFile).catch(() => {
      throw new Error(`${modelFile} is missing: run scripts/models/fetch-smollm2.sh`);
    });
    server = await startModelFileServer({ [`/${fileName}`]: modelFile });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "resumable-"));
    target = path.join(dir, fileName);
    server.requests.length = 0;
    server.ignoreRanges(false);
    return () => rm(dir, { recursive: true, force: true });
  });

  const download = (options: { pin?: FilePin; onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {}) =>
    downloadPinnedFile(`${server.url}/${fileName}`, target, options.pin ?? pin, {
      allowedHosts: ["127.0.0.1"],
      download: loopback,
      onProgress: options.onProgress,
      signal: options.signal,
    });

  it("reports growing progress, checks the pin and renames the file into place with its sidecar", async () => {
    const events: DownloadProgress[] = [];
    await download({ onProgress: (progress) => events.push(progress) });
    expect(events.length).toBeGreaterThan(1);
    const done = events.map((event) => event.bytesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ bytesDone: pin.bytes, bytesTotal: pin.bytes });
    expect(events.some((event) => (event.bytesPerSecond ?? 0) > 0)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual([fileName, `${fileName}.sha256`]);
    await verifyPinnedFile(target, pin);
  });

  it("resumes a cut connection from the part with Range and If-Range, fetching each byte once", async () => {
    server.cutNextAfter(40_000_000);
    await expect(download()).rejects.toMatchObject({ code: "DOWNLOAD_FAILED", isRetryable: true });
    const partSize = (await stat(partPath(target))).size;
    expect(partSize).toBeGreaterThan(0);
    expect(partSize).toBeLessThanOrEqual(40_000_000);
    expect(await readdir(dir)).not.toContain(fileName);

    await download();
    const [first, second] = server.requests;
    expect(first?.range).toBeNull();
    expect(second).toMatchObject({ range: `bytes=${partSize}-`, status: 206 });
    expect(second?.ifRange).toMatch(/^"/);
    expect(partSize + (second?.bytesSent ?? 0)).toBe(pin.bytes);
    expect((await readdir(dir)).sort()).toEqual([fileName, `${fileName}.sha256`]);
    await verifyPinnedFile(target, pin);
  });

  it("starts over when the server answers a Range request with the whole file", async () => {
    server.cutNextAfter(10_000_000);
    await expect(download()).rejects.toMatchObject({ code: "DOWNLOAD_FAILED" });
    server.ignoreRanges(true);
    await download();
    expect(server.requests[1]).toMatchObject({ status: 200, bytesSent: pin.bytes });
    await verifyPinnedFile(target, pin);
  });

  it("refuses bytes that do not match the pin: nothing under the real name, no part left", async () => {
    await expect(download({ pin: { ...pin, sha256: "0".repeat(64) } })).rejects.toMatchObject({
      code: "DOWNLOAD_MISMATCH",
      isRetryable: false,
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it("cancels on abort and keeps the part, which a later download resumes", async () => {
    server.holdNextAfter(20_000_000);
    const controller = new AbortController();
    const cancelled = download({
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.bytesDone >= 20_000_000) controller.abort(new Error("cancelled by the test"));
      },
    });
    await expect(cancelled).rejects.toThrow("cancelled by the test");
    const partSize = (await stat(partPath(target))).size;
    expect(partSize).toBe(20_000_000);
    expect(await readdir(dir)).not.toContain(fileName);

    await download();
    expect(server.requests[1]).toMatchObject({ range: `bytes=${partSize}-`, status: 206, bytesSent: totalBytes - partSize });
    await verifyPinnedFile(target, pin);
  });

  it("lets one download write a part at a time", async () => {
    server.holdNextAfter(1_000_000);
    const controller = new AbortController();
    let started: () => void = () => undefined;
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = download({ signal: controller.signal, onProgress: () => started() });
    await isStarted;
    await expect(
      downloadResumable(`${server.url}/${fileName}`, target, { ...loopback, maxBytes: pin.maxBytes, sha256: pin.sha256 }),
    ).rejects.toMatchObject({ code: "BUSY" });
    controller.abort(new Error("stop"));
    await expect(first).rejects.toThrow("stop");
  });
});

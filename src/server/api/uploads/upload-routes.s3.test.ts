import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/infra/logging/logger";
import { ffmpegPath } from "~/infra/media/ffmpeg";
import { type RunningWeb, startWeb } from "~/server/start-web";
import { type RunningSeaweedFs, startSeaweedFs } from "../../../../test/support/seaweedfs";
import { openTestDatabase } from "../../../../test/support/test-databases";
import { TestClient, verifiedClient } from "../../../../test/support/test-web";
import { createUpload, headUpload, patchUpload, uploadFile, uploadPath } from "../../../../test/support/tus";
import { sharedDatabaseUploadEnv } from "../../../../test/support/upload-test-web";

// Issue 21: two web processes on one PostgreSQL and one S3 bucket (SeaweedFS on 127.0.0.1). An upload
// begun through one is resumed through the other and finishes; no byte stays on either machine's disk;
// the note's media streams ranges from the bucket through either process; health names the store.
describe("uploads into S3 across two web processes (PostgreSQL)", () => {
  let seaweed: RunningSeaweedFs;
  let first: RunningWeb;
  let second: RunningWeb;
  let raw: S3Client;
  const dataDirs: string[] = [];

  const keysUnder = async (prefix: string) => {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: seaweed.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((item) => ({ key: item.Key ?? "", size: item.Size ?? 0 }));
  };
  const filesIn = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  /** The same browser (its cookies) talking to the other web process. */
  const sameBrowserOn = (web: RunningWeb, client: TestClient) => {
    const other = new TestClient(web.url);
    for (const pair of client.cookieHeader().split("; ")) {
      const index = pair.indexOf("=");
      if (index > 0) other.setCookie(pair.slice(0, index), pair.slice(index + 1));
    }
    return other;
  };

  beforeAll(async () => {
    seaweed = await startSeaweedFs();
    raw = new S3Client({ endpoint: seaweed.endpoint, region: "us-east-1", forcePathStyle: true, credentials: seaweed.credentials });
    const { handle, url } = await openTestDatabase("postgres");
    const envFor = (storage: Record<string, string>) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "parley-s3-web-"));
      dataDirs.push(dataDir);
      return sharedDatabaseUploadEnv(url, dataDir, { ...seaweed.env, ...storage });
    };
    first = await startWeb(envFor({}), createLogger("silent"), { database: handle });
    // The second hands players presigned URLs (the store's address browsers reach); the first streams the bytes.
    const presigning = `${seaweed.storageUrl}&publicEndpoint=${encodeURIComponent(seaweed.endpoint)}`;
    second = await startWeb(envFor({ STORAGE_URL: presigning }), createLogger("silent"));
  }, 180_000);
  afterAll(async () => {
    // The second first: the first owns the test database and drops it when it stops.
    await second?.stop();
    await first?.stop();
    raw?.destroy();
    await seaweed?.stop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("resumes through the other process an upload begun through one; the note's media streams ranges from S3", async () => {
    const onFirst = await verifiedClient(first, "s3-resume@example.com");
    const onSecond = sameBrowserOn(second, onFirst);
    // Over two S3 parts, cut where S3 cannot take a part yet (< 5 MiB): the tail waits in the bucket.
    const bytes = randomBytes(12 * 1024 * 1024 + 5);
    const cuts = [3 * 1024 * 1024, 9 * 1024 * 1024];
    const created = await createUpload(onFirst, {
      size: bytes.length,
      metadata: { kind: "file", filename: "talk.mp3", filetype: "audio/mpeg" },
    });
    expect(created.status).toBe(201);
    const location = uploadPath(created);
    expect((await patchUpload(onFirst, location, { offset: 0, bytes: bytes.subarray(0, cuts[0]) })).status).toBe(204);

    // The connection drops; the browser's next request reaches the other process.
    expect((await headUpload(onSecond, location)).headers.get("Upload-Offset")).toBe(String(cuts[0]));
    expect((await patchUpload(onSecond, location, { offset: cuts[0] ?? 0, bytes: bytes.subarray(cuts[0], cuts[1]) })).status).toBe(204);
    expect((await headUpload(onFirst, location)).headers.get("Upload-Offset")).toBe(String(cuts[1]));
    const finished = await patchUpload(onFirst, location, { offset: cuts[1] ?? 0, bytes: bytes.subarray(cuts[1]) });
    expect(finished.status).toBe(204);
    const noteId = finished.headers.get("Parley-Note-Id") ?? "";
    expect(noteId).not.toBe("");
    // A retried last answer still finds the upload done, on either process.
    expect((await headUpload(onSecond, location)).headers.get("Upload-Offset")).toBe(String(bytes.length));

    // The bytes were moved inside the bucket under the note's key; the upload's object is gone; no disk kept a copy.
    const uploadId = location.split("/").pop() ?? "";
    const stored = (await keysUnder("users/")).filter((item) => item.key.endsWith(`/notes/${noteId}/original`));
    expect(stored).toEqual([{ key: expect.stringMatching(/^users\/[^/]+\/notes\//), size: bytes.length }]);
    expect((await keysUnder(uploadId)).map((item) => item.key)).toEqual([`${uploadId}.info`]);
    for (const dir of dataDirs) expect(filesIn(dir).filter((entry) => !entry.name.endsWith(".json"))).toEqual([]);

    const read = (await (await onSecond.api("GET", `/notes/${noteId}`)).json()) as { note: { data: { title: string } } };
    expect(read.note.data.title).toBe("talk");
    const range = { Range: "bytes=8388600-8388699" };
    const expectRange = async (ranged: Response) => {
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get("Content-Range")).toBe(`bytes 8388600-8388699/${bytes.length}`);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(8388600, 8388700))).toBe(true);
    };
    // Through the web process: a ranged GET on the bucket, passed on.
    await expectRange(await onFirst.api("GET", `/notes/${noteId}/media`, undefined, range));
    const whole = await onFirst.api("GET", `/notes/${noteId}/media`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    // Presigned: a 302 to the store, which answers the player's Range itself; the page's CSP lets media come from there.
    const redirect = await onSecond.api("GET", `/notes/${noteId}/media`, undefined, range);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Cache-Control")).toBe("private, no-store");
    const presigned = redirect.headers.get("Location") ?? "";
    expect(presigned.startsWith(`${seaweed.endpoint}/${seaweed.bucket}/users/`)).toBe(true);
    await expectRange(await fetch(presigned, { headers: range }));
    expect((await onSecond.request("GET", "/")).headers.get("Content-Security-Policy")).toMatch(
      new RegExp(`media-src 'self' blob: ${seaweed.endpoint.replaceAll(".", "\\.")}(;|$)`),
    );
  }, 120_000);

  it("stores a small upload, a document and an empty file in the bucket, and deletes a note's files there", async () => {
    const client = await verifiedClient(second, "s3-small@example.com");
    const small = await uploadFile(client, randomBytes(1000), { kind: "file", filename: "short.mp3", filetype: "audio/mpeg" });
    const document = await uploadFile(client, Buffer.from("# Minutes\n\nWe agreed."), { kind: "document", filename: "minutes.md" });
    const empty = await uploadFile(client, new Uint8Array(0), { kind: "file", filename: "empty.mp3", filetype: "audio/mpeg" });
    const sizeOf = async (noteId: string) =>
      (await keysUnder("users/")).find((item) => item.key.endsWith(`/notes/${noteId}/original`))?.size;
    expect(await sizeOf(small)).toBe(1000);
    expect(await sizeOf(document)).toBe(21);
    expect(await sizeOf(empty)).toBe(0);
    expect((await sameBrowserOn(first, client).api("DELETE", `/notes/${small}`)).status).toBe(204);
    expect(await sizeOf(small)).toBeUndefined();
  }, 60_000);

  it("remuxes a browser recording through a temporary local copy and stores it under the note, dropping the upload's object", async () => {
    const client = await verifiedClient(first, "s3-recording@example.com");
    const dir = mkdtempSync(path.join(tmpdir(), "parley-s3-recording-"));
    dataDirs.push(dir);
    const webm = path.join(dir, "recording.webm");
    const made = spawnSync(ffmpegPath, ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=duration=2", "-c:a", "libopus", webm]);
    expect(made.status).toBe(0);
    const bytes = readFileSync(webm);
    const created = await createUpload(client, {
      size: bytes.length,
      metadata: { kind: "recording", filename: "recording.webm", filetype: "audio/webm" },
    });
    const finished = await patchUpload(client, uploadPath(created), { offset: 0, bytes });
    expect(finished.status).toBe(204);
    const noteId = finished.headers.get("Parley-Note-Id") ?? "";
    const uploadId = uploadPath(created).split("/").pop() ?? "";
    expect((await keysUnder(uploadId)).map((item) => item.key)).toEqual([`${uploadId}.info`]);
    const media = await client.api("GET", `/notes/${noteId}/media`);
    expect(media.status).toBe(200);
    // A WebM (EBML header) that ffmpeg wrote again: a duration in its head, so a different file from the one sent.
    const stored = Buffer.from(await media.arrayBuffer());
    expect(stored.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(stored.equals(bytes)).toBe(false);
  }, 60_000);

  it("reports the store in the health answer: degraded while it is down, ok once it is back", async () => {
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", storage: { ready: true, kind: "s3" } });
    await seaweed.kill();
    const down = await fetch(`${second.url}/api/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "degraded", database: { ready: true }, storage: { ready: false, kind: "s3" } });
    await seaweed.restart();
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
  }, 120_000);
});

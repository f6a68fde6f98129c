import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSeaweedFs, startSeaweedFs } from "../../../test/support/seaweedfs";
import { parseEnv } from "../../runtime/env";
import { withLocalCopy } from "./local-copy";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";
import { parseStorageUrl, storageMediaOrigins } from "./storage-env";

// The S3 backend against a real S3-compatible server (SeaweedFS on 127.0.0.1), signed requests included.

describe("S3 storage on SeaweedFS", () => {
  let seaweed: RunningSeaweedFs;
  let storage: Storage;
  let raw: S3Client;
  let scratch: string;

  const keysUnder = async (prefix: string) => {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: seaweed.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((item) => item.Key).sort();
  };

  beforeAll(async () => {
    seaweed = await startSeaweedFs();
    const config = parseStorageUrl(seaweed.storageUrl);
    if (config.kind !== "s3") throw new Error("not an s3 config");
    storage = createS3Storage({ ...config, credentials: seaweed.credentials, multipartCopyThresholdBytes: 6 * 1024 * 1024 });
    raw = new S3Client({ endpoint: seaweed.endpoint, region: "us-east-1", forcePathStyle: true, credentials: seaweed.credentials });
    scratch = await mkdtemp(path.join(tmpdir(), "parley-s3-test-"));
  }, 120_000);
  afterAll(async () => {
    raw?.destroy();
    await seaweed?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("stores a stream and reads it back, with its size; has no local path", async () => {
    const key = "users/u1/notes/n1/original";
    expect(await storage.put(key, Readable.from(["hello ", "world"]))).toEqual({ sizeBytes: 11 });
    expect(await text(await storage.get(key))).toBe("hello world");
    expect(await storage.stat(key)).toEqual({ sizeBytes: 11 });
    expect(storage.localPath).toBeUndefined();
    expect(storage.kind).toBe("s3");
    expect(await storage.ready()).toBe(true);
  });

  it("reads a byte range, end inclusive, for players that seek", async () => {
    const key = "users/u1/notes/ranged/original";
    await storage.put(key, Buffer.from("0123456789"));
    expect(await text(await storage.get(key, { start: 2, end: 5 }))).toBe("2345");
    expect(await text(await storage.get(key, { start: 9, end: 9 }))).toBe("9");
    expect(await text(await storage.get(key, { start: 0, end: 9 }))).toBe("0123456789");
  });

  it("uploads more than one part (> 5 MiB) from a stream and reads ranges across the parts", async () => {
    const key = "users/u1/notes/big/original";
    const bytes = randomBytes(19 * 1024 * 1024 + 123);
    // Uneven chunks, as a socket gives them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 700_001) }, (_, i) => bytes.subarray(i * 700_001, (i + 1) * 700_001));
    expect(await storage.put(key, Readable.from(chunks), { contentType: "audio/mpeg" })).toEqual({ sizeBytes: bytes.length });
    expect(await storage.stat(key)).toEqual({ sizeBytes: bytes.length });
    const start = 8 * 1024 * 1024 - 10;
    expect((await buffer(await storage.get(key, { start, end: start + 19 }))).equals(bytes.subarray(start, start + 20))).toBe(true);
    expect((await buffer(await storage.get(key))).equals(bytes)).toBe(true);
    const pending = await raw.send(new ListMultipartUploadsCommand({ Bucket: seaweed.bucket }));
    expect(pending.Uploads ?? []).toEqual([]);
  });

  it("leaves nothing under the key, nor an open multipart upload, when the upload breaks", async () => {
    const key = "users/u1/notes/broken/original";
    let sent = 0;
    const failing = new Readable({
      read() {
        // Past one part, so the SDK has started a multipart upload that must be aborted.
        if (sent < 12 * 1024 * 1024) {
          sent += 1024 * 1024;
          this.push(randomBytes(1024 * 1024));
        } else this.destroy(new Error("connection dropped"));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow("connection dropped");
    expect(await storage.stat(key)).toBeNull();
    const pending = await raw.send(new ListMultipartUploadsCommand({ Bucket: seaweed.bucket, Prefix: "users/u1/notes/broken/" }));
    expect(pending.Uploads ?? []).toEqual([]);
  });

  it("replaces a key whole, and deletes by key and by prefix (never a sibling that shares the start)", async () => {
    await storage.put("users/u2/notes/a/original", Buffer.from("one"));
    await storage.put("users/u2/notes/a/original", Buffer.from("two!"));
    await storage.put("users/u2/notes/b/original", Buffer.from("three"));
    await storage.put("users/u20/notes/c/original", Buffer.from("kept"));
    expect(await text(await storage.get("users/u2/notes/a/original"))).toBe("two!");
    await storage.delete("users/u2/notes/b/original");
    expect(await storage.stat("users/u2/notes/b/original")).toBeNull();
    await storage.delete("users/u2/notes/never/original");
    await storage.deletePrefix("users/u2");
    expect(await keysUnder("users/u2/")).toEqual([]);
    await expect(storage.get("users/u2/notes/a/original")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await text(await storage.get("users/u20/notes/c/original"))).toBe("kept");
  });

  it("deletes more than one page of keys under a prefix", async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `users/many/notes/n/chunks/${i}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from("x"))));
    await storage.deletePrefix("users/many");
    expect(await keysUnder("users/many/")).toEqual([]);
  }, 120_000);

  it("imports a local file and removes it", async () => {
    const file = path.join(scratch, "upload.bin");
    const bytes = randomBytes(300_000);
    await writeFile(file, bytes);
    expect(await storage.importFile("users/u3/notes/n/original", file)).toEqual({ sizeBytes: bytes.length });
    expect(existsSync(file)).toBe(false);
    expect((await buffer(await storage.get("users/u3/notes/n/original"))).equals(bytes)).toBe(true);
  });

  it("moves inside the store, in one copy or in parts past the threshold", async () => {
    const small = randomBytes(1000);
    await storage.put("staged-small", small);
    expect(await storage.move("staged-small", "users/u4/notes/s/original")).toEqual({ sizeBytes: 1000 });
    expect(await storage.stat("staged-small")).toBeNull();
    expect((await buffer(await storage.get("users/u4/notes/s/original"))).equals(small)).toBe(true);

    const big = randomBytes(13 * 1024 * 1024 + 7);
    await storage.put("staged-big", big);
    expect(await storage.move("staged-big", "users/u4/notes/b/original")).toEqual({ sizeBytes: big.length });
    expect(await storage.stat("staged-big")).toBeNull();
    expect((await buffer(await storage.get("users/u4/notes/b/original"))).equals(big)).toBe(true);

    await expect(storage.move("staged-missing", "users/u4/notes/m/original")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives tools that want a file a temporary local copy, removed afterwards", async () => {
    await storage.put("users/u5/notes/n/original", Buffer.from("for ffmpeg"));
    let seen = "";
    const result = await withLocalCopy(storage, "users/u5/notes/n/original", async (filePath) => {
      seen = filePath;
      return (await import("node:fs/promises")).readFile(filePath, "utf8");
    });
    expect(result).toBe("for ffmpeg");
    expect(existsSync(seen)).toBe(false);
  });

  it("hands out a presigned URL with Range, type and file name when a public endpoint is set", async () => {
    const config = parseStorageUrl(`${seaweed.storageUrl}&publicEndpoint=${encodeURIComponent(seaweed.endpoint)}`);
    if (config.kind !== "s3") throw new Error("not an s3 config");
    const presigning = createS3Storage({ ...config, credentials: seaweed.credentials });
    await presigning.put("users/u6/notes/n/original", Buffer.from("0123456789"));
    const url = await presigning.presignedGetUrl?.("users/u6/notes/n/original", {
      expiresInSeconds: 60,
      contentType: "audio/ogg",
      downloadName: "Réunion.ogg",
    });
    if (!url) throw new Error("no presigned URL");
    const ranged = await fetch(url, { headers: { Range: "bytes=3-5" } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("345");
    expect(ranged.headers.get("content-type")).toBe("audio/ogg");
    expect(ranged.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''R%C3%A9union.ogg");
    const tampered = new URL(url);
    tampered.searchParams.set("X-Amz-Expires", "600");
    expect((await fetch(tampered)).status).toBe(403);
    expect(storage.presignedGetUrl).toBeUndefined();
  });

  it("says it is not ready when the bucket is missing", async () => {
    const config = parseStorageUrl(seaweed.storageUrl.replace("s3://parley-test", "s3://no-such-bucket"));
    if (config.kind !== "s3") throw new Error("not an s3 config");
    expect(await createS3Storage({ ...config, credentials: seaweed.credentials }).ready()).toBe(false);
  });
});

describe("STORAGE_URL", () => {
  it("chooses disk by default or for file:, S3 with its parameters", () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: "disk", root: null });
    expect(parseStorageUrl("file:")).toEqual({ kind: "disk", root: null });
    expect(parseStorageUrl("file:///srv/parley/files")).toEqual({ kind: "disk", root: "/srv/parley/files" });
    expect(parseStorageUrl("s3://media.example?endpoint=http://127.0.0.1:8333&region=eu-west-1&forcePathStyle=true")).toEqual({
      kind: "s3",
      bucket: "media.example",
      endpoint: "http://127.0.0.1:8333",
      region: "eu-west-1",
      forcePathStyle: true,
      publicEndpoint: null,
    });
    expect(parseStorageUrl("s3://parley-media")).toMatchObject({ endpoint: null, region: "us-east-1", forcePathStyle: false });
  });

  it("names the origin presigned URLs point at, for the CSP", () => {
    const origins = (value: string) => storageMediaOrigins(parseStorageUrl(value));
    expect(origins("s3://media?endpoint=http://10.0.0.5:8333")).toEqual([]);
    expect(origins("s3://media?endpoint=http://10.0.0.5:8333&publicEndpoint=https://files.example:9000/&forcePathStyle=true")).toEqual([
      "https://files.example:9000",
    ]);
    expect(origins("s3://media?publicEndpoint=https://s3.eu-west-1.amazonaws.com")).toEqual(["https://media.s3.eu-west-1.amazonaws.com"]);
    expect(origins("file:")).toEqual([]);
  });

  it("refuses a bad STORAGE_URL at start, naming the variable", () => {
    expect(() => parseEnv({ STORAGE_URL: "s3://bucket?forcePathStyle=maybe" })).toThrow(
      /STORAGE_URL: forcePathStyle must be true or false/,
    );
    expect(parseEnv({ STORAGE_URL: "s3://bucket", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toMatchObject({
      STORAGE_URL: "s3://bucket",
    });
  });

  it.each([
    ["ftp://x", "must be file:"],
    ["s3://", "bucket name"],
    ["s3://Bad_Bucket", "bucket name"],
    ["s3://bucket/path", "takes no path"],
    ["s3://key:secret@bucket", "S3_ACCESS_KEY_ID"],
    ["s3://bucket?endpoint=ftp://x", "endpoint must be an http(s) URL"],
    ["s3://bucket?forcePathStyle=yes", "forcePathStyle"],
    ["s3://bucket?region=x&color=blue", "unknown parameter color"],
  ])("refuses %j", (value, message) => {
    expect(() => parseStorageUrl(value)).toThrow(message);
  });
});

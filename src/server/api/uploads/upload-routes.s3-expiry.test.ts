import { randomBytes } from "node:crypto";
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadExpirationMs } from "~/core/transcription/expired-uploads-job";
import { parseEnv } from "~/runtime/env";
import { createUploadStore } from "~/runtime/job-deps";
import { type RunningSeaweedFs, startSeaweedFs } from "../../../../test/support/seaweedfs";
import { testWebBaseEnv, verifiedClient } from "../../../../test/support/test-web";
import { createUpload, headUpload, patchUpload, uploadPath } from "../../../../test/support/tus";
import { startUploadTestWeb, type UploadTestWeb } from "../../../../test/support/upload-test-web";

// Issue 21: the uploads.clean job's store when uploads wait in S3 (SeaweedFS on 127.0.0.1). An unfinished
// upload is a multipart upload with its .info and .part objects beside it; past its expiry all three go.
// S3 keeps a multipart upload's start date itself, so "a week ago" cannot be written into a record as
// the file-store test does: the store the job builds from the same settings runs here once with the real
// week (nothing is old enough) and once with an expiry already past (everything is).
describe("expired uploads cleaned from the bucket (S3)", () => {
  let seaweed: RunningSeaweedFs;
  let uploadWeb: UploadTestWeb;
  let raw: S3Client;

  beforeAll(async () => {
    seaweed = await startSeaweedFs();
    raw = new S3Client({ endpoint: seaweed.endpoint, region: "us-east-1", forcePathStyle: true, credentials: seaweed.credentials });
    uploadWeb = await startUploadTestWeb("pglite", "upload-expiry-s3", seaweed.env);
  }, 180_000);
  afterAll(async () => {
    await uploadWeb?.stop();
    raw?.destroy();
    await seaweed?.stop();
  });

  const openMultipartKeys = async () =>
    ((await raw.send(new ListMultipartUploadsCommand({ Bucket: seaweed.bucket }))).Uploads ?? []).map((upload) => upload.Key ?? "");
  const objectKeys = async () =>
    ((await raw.send(new ListObjectsV2Command({ Bucket: seaweed.bucket }))).Contents ?? []).map((item) => item.Key ?? "");

  it("keeps an upload inside its week, then removes its multipart upload, record and tail once past expiry", async () => {
    const client = await verifiedClient(uploadWeb.web, "expiry-s3@example.com");
    const bytes = randomBytes(4096);
    const created = await createUpload(client, {
      size: bytes.length,
      metadata: { kind: "file", filename: "a.mp3", filetype: "audio/mpeg" },
    });
    expect(created.status).toBe(201);
    const location = uploadPath(created);
    expect((await patchUpload(client, location, { offset: 0, bytes: bytes.subarray(0, 1000) })).status).toBe(204);
    const id = decodeURIComponent(location.split("/").pop() ?? "");
    expect(await openMultipartKeys()).toContain(id);
    expect(await objectKeys()).toEqual(expect.arrayContaining([`${id}.info`, `${id}.part`]));

    const env = parseEnv({ ...testWebBaseEnv, DATA_DIR: uploadWeb.dataDir, ...seaweed.env });
    const week = await createUploadStore(env, { expirationMs: uploadExpirationMs });
    expect(week).not.toBeNull();
    expect(await week?.deleteExpired()).toBe(0);
    expect((await headUpload(client, location)).headers.get("Upload-Offset")).toBe("1000");

    // An expiry of 1 ms: the upload began before now, so it is past it.
    const past = await createUploadStore(env, { expirationMs: 1 });
    await expect.poll(async () => await past?.deleteExpired(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await openMultipartKeys()).not.toContain(id);
    const left = await objectKeys();
    expect(left).not.toContain(`${id}.info`);
    expect(left).not.toContain(`${id}.part`);
    expect((await headUpload(client, location)).status).toBe(404);
  }, 120_000);
});

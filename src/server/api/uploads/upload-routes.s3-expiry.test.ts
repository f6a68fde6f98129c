import { randomBytes } from "node:crypto";
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/runtime/env";
import { createExpiringUploadStore } from "~/runtime/job-deps";
import { type RunningSeaweedFs, startSeaweedFs } from "../../../../test/support/seaweedfs";
import { testWebBaseEnv, verifiedClient } from "../../../../test/support/test-web";
import { beginUpload, createUpload, headUpload, patchUpload, uploadIdOf, uploadPath } from "../../../../test/support/tus";
import { startUploadTestWeb, type UploadTestWeb } from "../../../../test/support/upload-test-web";

// Issue 21: the uploads.clean job's store when uploads wait in S3 (SeaweedFS on 127.0.0.1). An unfinished
// upload is a multipart upload with its .info and .part objects beside it; past its expiry all three go.
// A finished upload's .info record, which tus keeps, goes too. S3 keeps a multipart upload's start date
// itself, so "a week ago" cannot be written into a record as the file-store test does: the store the job
// builds from the same settings runs here once with the real week (nothing is old enough) and once with
// an expiry already past (everything is).
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

  it("keeps uploads inside their week; past expiry removes an open one's multipart upload, .info and .part, and a finished one's .info", async () => {
    const client = await verifiedClient(uploadWeb.web, "expiry-s3@example.com");
    const bytes = randomBytes(4096);
    const location = await beginUpload(client, bytes, 1000);
    const id = uploadIdOf(location);
    expect(await openMultipartKeys()).toContain(id);
    expect(await objectKeys()).toEqual(expect.arrayContaining([`${id}.info`, `${id}.part`]));
    // A finished upload: its bytes became a note's media, its record stays behind in tus's keeping.
    const whole = randomBytes(2048);
    const second = await createUpload(client, {
      size: whole.length,
      metadata: { kind: "file", filename: "b.mp3", filetype: "audio/mpeg" },
    });
    const done = await patchUpload(client, uploadPath(second), { offset: 0, bytes: whole });
    expect(done.headers.get("Parley-Note-Id")).toBeTruthy();
    const finished = uploadIdOf(uploadPath(second));
    expect(await objectKeys()).toContain(`${finished}.info`);
    expect(await openMultipartKeys()).not.toContain(finished);

    const env = parseEnv({ ...testWebBaseEnv, DATA_DIR: uploadWeb.dataDir, ...seaweed.env });
    const week = await createExpiringUploadStore(env);
    expect(await week.deleteExpired()).toEqual({ unfinished: 0, finishedRecords: 0 });
    expect((await headUpload(client, location)).headers.get("Upload-Offset")).toBe("1000");
    expect(await objectKeys()).toContain(`${finished}.info`);

    // An expiry of 1 ms: both uploads began before now, so both are past it.
    const past = await createExpiringUploadStore(env, { expirationMs: 1 });
    // S3 dates a multipart upload to the second: the clean-up runs until it is past (one run, most times).
    const removed = { unfinished: 0, finishedRecords: 0 };
    await expect
      .poll(
        async () => {
          const run = await past.deleteExpired();
          removed.unfinished += run.unfinished;
          removed.finishedRecords += run.finishedRecords;
          return removed.unfinished > 0 && removed.finishedRecords > 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(removed.finishedRecords).toBe(1);
    expect(await openMultipartKeys()).not.toContain(id);
    const left = await objectKeys();
    for (const gone of [`${id}.info`, `${id}.part`, `${finished}.info`, finished]) expect(left).not.toContain(gone);
    expect((await headUpload(client, location)).status).toBe(404);
    // The note made from the finished upload keeps its media (under users/, never touched here).
    expect((await raw.send(new ListObjectsV2Command({ Bucket: seaweed.bucket, Prefix: "users/" }))).KeyCount).toBeGreaterThan(0);
  }, 120_000);
});

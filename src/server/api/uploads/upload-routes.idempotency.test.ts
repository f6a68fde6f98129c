import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { databaseKinds } from "../../../../test/support/test-databases";
import { type TestClient, verifiedClient } from "../../../../test/support/test-web";
import { patchUpload, tusMetadata, uploadPath } from "../../../../test/support/tus";
import { startUploadTestWeb, type UploadTestWeb } from "../../../../test/support/upload-test-web";

// Issue 21: a tus creation retried with the same Idempotency-Key (the answer was lost on the way) gets the
// first upload back, at the offset it reached, instead of a second upload.
describe.each(databaseKinds)("Idempotency-Key on upload creation (%s)", (kind) => {
  let web: RunningWeb;
  let counter = 0;

  let uploadWeb: UploadTestWeb | undefined;
  beforeAll(async () => {
    uploadWeb = await startUploadTestWeb(kind, "upload-idempotency", { EMBEDDED_WORKER: "false" });
    ({ web } = uploadWeb);
  }, 120_000);
  afterAll(async () => {
    await uploadWeb?.stop();
  });

  const create = (client: TestClient, { size, key, filename = "talk.mp3" }: { size: number; key?: string; filename?: string }) =>
    client.api("POST", "/uploads", undefined, {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(size),
      "Upload-Metadata": tusMetadata({ kind: "file", filename, filetype: "audio/mpeg" }),
      ...(key ? { "Idempotency-Key": key } : {}),
    });

  it("answers a retried creation with the first upload's Location and its offset now", async () => {
    const client = await verifiedClient(web, `upload-key-${kind}-${++counter}@example.com`);
    const bytes = randomBytes(3000);
    const first = await create(client, { size: bytes.length, key: "creation-1" });
    expect(first.status).toBe(201);
    const location = uploadPath(first);
    expect((await patchUpload(client, location, { offset: 0, bytes: bytes.subarray(0, 1000) })).status).toBe(204);

    const retried = await create(client, { size: bytes.length, key: "creation-1" });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(uploadPath(retried)).toBe(location);
    expect(retried.headers.get("Upload-Offset")).toBe("1000");
    // The client resumes the one upload from there.
    expect((await patchUpload(client, location, { offset: 1000, bytes: bytes.subarray(1000) })).status).toBe(204);

    // Without a key, or with another one, a creation is a new upload.
    expect(uploadPath(await create(client, { size: bytes.length }))).not.toBe(location);
    expect(uploadPath(await create(client, { size: bytes.length, key: "creation-2" }))).not.toBe(location);
  });

  it("refuses the key for another upload (422) and a malformed key (400), in the API's error body", async () => {
    const client = await verifiedClient(web, `upload-key-${kind}-${++counter}@example.com`);
    expect((await create(client, { size: 100, key: "creation-3" })).status).toBe(201);
    const reused = await create(client, { size: 200, key: "creation-3" });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ success: false, errorCode: "IDEMPOTENCY_KEY_REUSED" });
    const malformed = await create(client, { size: 100, key: "k".repeat(256) });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, errorCode: "VALIDATION_FAILED" });
  });

  it("keeps no refusal: the same key works once the creation is corrected", async () => {
    const client = await verifiedClient(web, `upload-key-${kind}-${++counter}@example.com`);
    const refused = await create(client, { size: 100, key: "creation-4", filename: "   " });
    expect(refused.status).toBe(400);
    const corrected = await create(client, { size: 100, key: "creation-4" });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("keeps keys per user", async () => {
    const one = await verifiedClient(web, `upload-key-${kind}-${++counter}@example.com`);
    const other = await verifiedClient(web, `upload-key-${kind}-${++counter}@example.com`);
    const mine = await create(one, { size: 100, key: "shared-key" });
    const theirs = await create(other, { size: 100, key: "shared-key" });
    expect(theirs.status).toBe(201);
    expect(uploadPath(theirs)).not.toBe(uploadPath(mine));
  });
});

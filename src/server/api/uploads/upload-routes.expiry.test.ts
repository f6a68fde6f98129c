import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expiredUploadsInput, expiredUploadsJobName, uploadExpirationMs } from "~/core/transcription/expired-uploads-job";
import { enqueue } from "~/infra/queue/job-registry";
import type { RunningWeb } from "~/server/start-web";
import { databaseKinds } from "../../../../test/support/test-databases";
import { verifiedClient } from "../../../../test/support/test-web";
import { beginUpload, headUpload, patchUpload, uploadIdOf } from "../../../../test/support/tus";
import { startUploadTestWeb, type UploadTestWeb } from "../../../../test/support/upload-test-web";

// Issue 21: unfinished uploads past their expiry are removed by the uploads.clean job, scheduled by the
// worker (here the web's embedded one), and so are finished uploads' records that old; an upload still
// inside its week is kept and can be resumed.
describe.each(databaseKinds)("expired uploads cleaned by the scheduled job (%s)", (kind) => {
  let web: RunningWeb;
  let dataDir: string;

  let uploadWeb: UploadTestWeb | undefined;
  beforeAll(async () => {
    uploadWeb = await startUploadTestWeb(kind, "upload-expiry");
    ({ web, dataDir } = uploadWeb);
  }, 120_000);
  afterAll(async () => {
    await uploadWeb?.stop();
  });

  it("removes an unfinished upload past its expiry and keeps a fresh one resumable", async () => {
    expect((await web.queue.boss.getSchedules()).map((schedule) => schedule.name)).toContain(expiredUploadsJobName);
    const client = await verifiedClient(web, `expiry-${kind}@example.com`);
    const bytes = randomBytes(4096);
    const begin = async () => {
      const location = await beginUpload(client, bytes, 1000);
      const file = path.join(dataDir, "uploads", uploadIdOf(location));
      return { location, file, record: `${file}.json` };
    };
    const stale = await begin();
    const fresh = await begin();
    // A finished one: its bytes became a note; tus keeps its small record.
    const done = await begin();
    expect(
      (await patchUpload(client, done.location, { offset: 1000, bytes: bytes.subarray(1000) })).headers.get("Parley-Note-Id"),
    ).toBeTruthy();
    expect(existsSync(done.record)).toBe(true);
    // The stale and the finished one began a week and a minute ago, as their records say.
    for (const old of [stale, done]) {
      const record = JSON.parse(readFileSync(old.record, "utf8")) as { creation_date: string };
      record.creation_date = new Date(Date.now() - uploadExpirationMs - 60_000).toISOString();
      writeFileSync(old.record, JSON.stringify(record));
    }
    expect(existsSync(stale.file)).toBe(true);

    // The hourly run, now.
    await enqueue(web.queue.boss, { name: expiredUploadsJobName, payload: expiredUploadsInput }, {});
    await expect.poll(() => existsSync(stale.file) || existsSync(stale.record), { timeout: 30_000 }).toBe(false);
    expect((await headUpload(client, stale.location)).status).toBe(404);
    await expect.poll(() => existsSync(done.record), { timeout: 30_000 }).toBe(false);

    expect(existsSync(fresh.file)).toBe(true);
    const head = await headUpload(client, fresh.location);
    expect(head.status).toBe(200);
    expect(head.headers.get("Upload-Offset")).toBe("1000");
    const finished = await patchUpload(client, fresh.location, { offset: 1000, bytes: bytes.subarray(1000) });
    expect(finished.status).toBe(204);
    expect(finished.headers.get("Parley-Note-Id")).toBeTruthy();
  }, 90_000);
});

import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteExpiredDiskUploads } from "./expired-upload-records";

// The disk half of the expiry clean-up (the bucket's runs on SeaweedFS in upload-routes.s3-expiry.test.ts,
// the job itself in upload-routes.expiry.test.ts): every upload begun more than the expiry ago goes, finished
// or not, and nothing younger.
describe("expired uploads on disk", () => {
  const week = 7 * 24 * 3600 * 1000;
  const now = Date.parse("2026-11-26T12:00:00Z");
  const longAgo = new Date(now - week - 60_000).toISOString();
  const lately = new Date(now - 60_000).toISOString();
  let directory: string;

  const upload = async (id: string, fields: Record<string, unknown>, bytes?: string) => {
    await writeFile(path.join(directory, `${id}.json`), JSON.stringify({ id, offset: 0, ...fields }));
    if (bytes !== undefined) await writeFile(path.join(directory, id), bytes);
  };
  const has = (name: string) => existsSync(path.join(directory, name));

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "parley-upload-records-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("removes old uploads, finished (bytes moved to storage, or kept by a failed finish) or not; keeps young ones", async () => {
    await upload("old-moved", { size: 10, creation_date: longAgo });
    await upload("old-kept", { size: 10, creation_date: longAgo }, "0123456789");
    await upload("old-open", { size: 10, creation_date: longAgo }, "0123");
    await upload("old-deferred", { creation_date: longAgo }, "0123");
    await upload("young-open", { size: 10, creation_date: lately }, "0123");
    await upload("young-moved", { size: 10, creation_date: lately });
    await writeFile(path.join(directory, "half-written.json"), '{"size": 10, "off');
    await writeFile(path.join(directory, "notes.txt"), "not tus's");

    expect(await deleteExpiredDiskUploads(directory, week, now)).toEqual({ unfinished: 2, finishedRecords: 2 });
    for (const gone of ["old-moved", "old-kept", "old-open", "old-deferred"]) {
      expect(has(`${gone}.json`), gone).toBe(false);
      expect(has(gone), gone).toBe(false);
    }
    for (const kept of ["young-open.json", "young-open", "young-moved.json", "half-written.json", "notes.txt"])
      expect(has(kept), kept).toBe(true);
  });

  it("finds nothing to do in a folder that does not exist yet", async () => {
    expect(await deleteExpiredDiskUploads(path.join(directory, "never-made"), week, now)).toEqual({ unfinished: 0, finishedRecords: 0 });
  });
});

import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/infra/db/client";
import { createLogger } from "~/infra/logging/logger";
import { type RunningWeb, startWeb } from "~/server/start-web";
import { type RunningSeaweedFs, startSeaweedFs } from "../../../../test/support/seaweedfs";
import { openTestDatabase } from "../../../../test/support/test-databases";
import { TestClient, verifiedClient } from "../../../../test/support/test-web";
import { createUpload, headUpload, patchUpload, uploadPath } from "../../../../test/support/tus";
import { sharedDatabaseUploadEnv } from "../../../../test/support/upload-test-web";

// Issue 21: two web processes on one PostgreSQL serve one upload. Two PATCHes of it at the same instant,
// one through each, are serialized by the upload lock shared over PostgreSQL: the second waits, asks the
// first to let go, then finds the offset moved (409). The upload's bytes are those sent once, and it
// becomes one note. With tus's per-process lock the second PATCH wrote the whole file beside the first.
// Both stores: tus's file store on a disk the two share, and the S3 bucket (SeaweedFS on 127.0.0.1).
describe.each(["file", "s3"] as const)("one upload, two PATCHes at once through two web processes (PostgreSQL, %s store)", (store) => {
  let first: RunningWeb;
  let second: RunningWeb;
  let seaweed: RunningSeaweedFs | null = null;
  let dataDir: string;

  beforeAll(async () => {
    if (store === "s3") seaweed = await startSeaweedFs();
    const { handle, url } = await openTestDatabase("postgres");
    dataDir = mkdtempSync(path.join(tmpdir(), "parley-upload-lock-"));
    const env = sharedDatabaseUploadEnv(url, dataDir, seaweed?.env);
    first = await startWeb(env, createLogger("silent"), { database: handle });
    second = await startWeb(env, createLogger("silent"));
  }, 180_000);
  afterAll(async () => {
    // The second first: the first owns the test database and drops it when it stops.
    await second?.stop();
    await first?.stop();
    await seaweed?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Upload locks granted now in the test database (the lock's own key class). */
  const grantedUploadLocks = async () =>
    (
      await queryRows<{ count: number }>(
        first.database.db,
        sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and granted and classid = 7021
            and database = (select oid from pg_database where datname = current_database())`,
      )
    )[0]?.count ?? 0;

  it("lets one PATCH write while the other waits, then refuses the stale one; one note with the bytes sent", async () => {
    const onFirst = await verifiedClient(first, `lock-race-${store}@example.com`);
    const onSecond = new TestClient(second.url);
    for (const pair of onFirst.cookieHeader().split("; ")) {
      const index = pair.indexOf("=");
      if (index > 0) onSecond.setCookie(pair.slice(0, index), pair.slice(index + 1));
    }
    const bytes = randomBytes(256 * 1024);
    const half = bytes.length / 2;
    const created = await createUpload(onFirst, {
      size: bytes.length,
      metadata: { kind: "file", filename: "race.mp3", filetype: "audio/mpeg" },
    });
    expect(created.status).toBe(201);
    const location = uploadPath(created);

    // The first PATCH sends half its body and stalls, as a slow connection does, holding the upload's lock.
    const stalled = http.request(new URL(`${first.url}/api${location}`), {
      method: "PATCH",
      headers: {
        Origin: first.url,
        Cookie: onFirst.cookieHeader(),
        "X-CSRF-Token": await onFirst.csrf(),
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(bytes.length),
      },
    });
    stalled.on("error", () => {});
    let stalledAnswerAt = 0;
    const stalledAnswer = new Promise<number>((resolve) => {
      stalled.on("response", (response) => {
        stalledAnswerAt = performance.now();
        response.resume();
        resolve(response.statusCode ?? 0);
      });
    });
    try {
      stalled.write(bytes.subarray(0, half));
      await expect.poll(grantedUploadLocks, { timeout: 10_000 }).toBe(1);

      // The same upload from offset 0 through the other process: it waits for the lock, which the stalled
      // request gives up (tus stops reading it after its drain delay) with half written. A bound, so that
      // a broken lock fails here instead of hanging the file (unlocked, the two writes blocked each other).
      const noAnswer = new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000).unref());
      const racing = await Promise.race([patchUpload(onSecond, location, { offset: 0, bytes }), noAnswer]);
      const racingAnswerAt = performance.now();
      expect(racing?.status).toBe(409);
      expect(await stalledAnswer).toBe(204);
      expect(stalledAnswerAt).toBeLessThan(racingAnswerAt);
    } finally {
      stalled.destroy();
    }
    expect(await grantedUploadLocks()).toBe(0);

    // The client resumes from where the server says: the upload ends as the bytes sent once, in one note.
    const head = await headUpload(onSecond, location);
    expect(head.headers.get("Upload-Offset")).toBe(String(half));
    const finished = await patchUpload(onSecond, location, { offset: half, bytes: bytes.subarray(half) });
    expect(finished.status).toBe(204);
    const noteId = finished.headers.get("Parley-Note-Id") ?? "";
    const media = await onFirst.api("GET", `/notes/${noteId}/media`);
    expect(Buffer.from(await media.arrayBuffer()).equals(bytes)).toBe(true);
    const notes = await queryRows<{ count: number }>(first.database.db, sql`select count(*)::int as count from notes`);
    expect(notes[0]?.count).toBe(1);
  }, 90_000);
});

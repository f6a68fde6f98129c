import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminActions } from "~/core/admin-audit/data";
import { createNote } from "~/core/notes/mutations";
import { transcriptionJobName } from "~/core/transcription/jobs";
import type { RunningWeb } from "~/server/start-web";
import type { AdminNoteDetail, AdminNotePage } from "~/shared/admin/admin-notes-api";
import { accountClients } from "../../../../test/support/account-clients";
import { startAdminWeb } from "../../../../test/support/admin-web";
import { userIdOf } from "../../../../test/support/seed-notes";
import { databaseKinds } from "../../../../test/support/test-databases";
import { TestClient } from "../../../../test/support/test-web";

// The admin notes API over real HTTP (issue 20): admins only, across users, read-only detail, audited retries.
describe.each(databaseKinds)("admin notes API on %s", (kind) => {
  let web: RunningWeb;
  let admin: TestClient;
  const { password, verifiedClient } = accountClients(() => web);
  const adminEmail = "notes-boss@example.com";

  beforeAll(async () => {
    ({ web, admin } = await startAdminWeb(kind, adminEmail, password));
  });
  afterAll(async () => {
    await web?.stop();
  });

  /** A note put straight into the database as the pipeline leaves it (a failed one gets its reason). */
  async function seedNote(email: string, title: string, code: "transcription_failed" | "transcription_ready") {
    const db = web.database.db;
    const userId = await userIdOf(db, email);
    const { id } = await createNote(db, { userId, type: "text", title, source: { kind: "text" }, transcriptionCode: code });
    if (code === "transcription_failed") {
      await db.execute(sql`update notes set transcription_error = 'media_unreadable' where id = ${id}`);
    }
    return { userId, id };
  }

  it("keeps signed-out callers and normal users out", async () => {
    expect((await new TestClient(web.url).api("GET", "/admin/notes")).status).toBe(401);
    const { client } = await verifiedClient();
    expect((await client.api("GET", "/admin/notes")).status).toBe(403);
    expect((await client.api("GET", `/admin/notes/someone/${crypto.randomUUID()}`)).status).toBe(403);
    expect((await client.api("POST", `/admin/notes/someone/${crypto.randomUUID()}/retry`, { what: "notes" })).status).toBe(403);
  });

  it("lists notes across users with filters, failures first and cursor pages", async () => {
    const one = await verifiedClient();
    const two = await verifiedClient();
    const failed = await seedNote(one.email, "Broken upload", "transcription_failed");
    const ready = await seedNote(two.email, "Fine notes", "transcription_ready");
    await seedNote(two.email, "Newest fine", "transcription_ready");

    const listed = await admin.api("GET", "/admin/notes?limit=100");
    const all = (await listed.json()) as AdminNotePage;
    expect(listed.status, JSON.stringify(all)).toBe(200);
    const ids = all.items.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([failed.id, ready.id]));
    expect(all.items[0]?.title).toBe("Newest fine");
    expect(all.items.find((row) => row.id === failed.id)).toMatchObject({ ownerEmail: one.email, transcriptionError: "media_unreadable" });

    const first = (await (await admin.api("GET", "/admin/notes?failuresFirst=true&limit=1")).json()) as AdminNotePage;
    expect(first.items.map((row) => row.id)).toEqual([failed.id]);
    const next = (await (
      await admin.api("GET", `/admin/notes?failuresFirst=true&limit=100&cursor=${encodeURIComponent(first.nextCursor ?? "")}`)
    ).json()) as AdminNotePage;
    expect(next.items.map((row) => row.id)).not.toContain(failed.id);
    expect(next.items.map((row) => row.id)).toContain(ready.id);

    const failures = (await (await admin.api("GET", "/admin/notes?status=failed")).json()) as AdminNotePage;
    expect(failures.items.every((row) => row.transcriptionCode === "transcription_failed" || row.notesStatus === "notes_failed")).toBe(
      true,
    );
    const ofTwo = (await (await admin.api("GET", `/admin/notes?userId=${ready.userId}`)).json()) as AdminNotePage;
    expect(ofTwo.ownerEmail).toBe(two.email);
    expect(ofTwo.items.map((row) => row.title).sort()).toEqual(["Fine notes", "Newest fine"]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(((await (await admin.api("GET", `/admin/notes?from=${tomorrow}`)).json()) as AdminNotePage).items).toEqual([]);
    expect(((await (await admin.api("GET", "/admin/notes?type=youtube")).json()) as AdminNotePage).items).toEqual([]);
    expect((await admin.api("GET", "/admin/notes?status=bogus")).status).toBe(400);
  });

  it("shows a note read-only with its transcript and a failed job's reason", async () => {
    const owner = await verifiedClient();
    const created = await owner.client.api("POST", "/notes/text", { title: "Pasted", text: "Hello there. The plan is ready." });
    const { note } = (await created.json()) as { note: { id: string } };
    const ownerId = await userIdOf(web.database.db, owner.email);
    // A failed attempt as pg-boss keeps it (the worker is not made to fail here; its record is what the page reads).
    await web.database.db.execute(
      sql`insert into pgboss.job (name, data, state, retry_count, retry_limit, output, started_on, completed_on)
          values (${transcriptionJobName}, ${JSON.stringify({ userId: ownerId, noteId: note.id })}::jsonb, 'failed', 3, 3,
                  ${JSON.stringify({ message: "ffmpeg: invalid data found" })}::jsonb, now(), now())`,
    );
    const response = await admin.api("GET", `/admin/notes/${ownerId}/${note.id}`);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as AdminNoteDetail;
    expect(detail.ownerEmail).toBe(owner.email);
    expect(detail.transcript.map((segment) => segment.text).join(" ")).toContain("The plan is ready.");
    expect(detail.jobs).toContainEqual(
      expect.objectContaining({ queue: transcriptionJobName, state: "failed", retryCount: 3, failureReason: "ffmpeg: invalid data found" }),
    );
    expect((await admin.api("GET", `/admin/notes/${ownerId}/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.api("GET", `/admin/notes/someone-else/${note.id}`)).status).toBe(404);
  });

  it("retries a failed transcription with an audit row, and refuses a part that did not fail", async () => {
    const owner = await verifiedClient();
    const failed = await seedNote(owner.email, "Corrupt", "transcription_failed");
    const ready = await seedNote(owner.email, "Good", "transcription_ready");
    const retry = await admin.api("POST", `/admin/notes/${failed.userId}/${failed.id}/retry`, { what: "transcription" });
    expect(retry.status).toBe(202);
    expect(await retry.json()).toEqual({ success: true, queued: "transcription" });
    const detail = (await (await admin.api("GET", `/admin/notes/${failed.userId}/${failed.id}`)).json()) as AdminNoteDetail;
    expect(detail.jobs.some((job) => job.queue === transcriptionJobName)).toBe(true);
    const audit = await listAdminActions(web.database.db, { targetUserId: failed.userId });
    expect(audit).toContainEqual(
      expect.objectContaining({ action: "note.retry_transcription", targetNoteId: failed.id, actorEmail: adminEmail }),
    );

    const refused = await admin.api("POST", `/admin/notes/${ready.userId}/${ready.id}/retry`, { what: "transcription" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe("NOT_RETRYABLE");
    expect((await admin.api("POST", `/admin/notes/${ready.userId}/${ready.id}/retry`, { what: "notes" })).status).toBe(409);
    expect((await admin.api("POST", `/admin/notes/${ready.userId}/${ready.id}/retry`, { what: "bogus" })).status).toBe(400);
    const after = await listAdminActions(web.database.db, { targetUserId: ready.userId });
    expect(after.filter((row) => row.targetNoteId === ready.id)).toEqual([]);
  });
  it("two retries at once queue the transcription once", async () => {
    const owner = await verifiedClient();
    const failed = await seedNote(owner.email, "Twice", "transcription_failed");
    const retry = () => admin.api("POST", `/admin/notes/${failed.userId}/${failed.id}/retry`, { what: "transcription" });
    const statuses = (await Promise.all([retry(), retry()])).map((response) => response.status).sort();
    expect(statuses).toEqual([202, 409]);
    const detail = (await (await admin.api("GET", `/admin/notes/${failed.userId}/${failed.id}`)).json()) as AdminNoteDetail;
    expect(detail.jobs.filter((job) => job.queue === transcriptionJobName)).toHaveLength(1);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import { meetingBots } from "~/infra/db/meetings-schema";
import { notes } from "~/infra/db/notes-schema";
import { usageRecords } from "~/infra/db/usage-schema";
import type { RunningWeb } from "~/server/start-web";
import type { AdminOverviewResponse } from "~/shared/admin/admin-overview-api";
import { accountClients } from "../../../../test/support/account-clients";
import { startAdminWeb } from "../../../../test/support/admin-web";
import { databaseKinds } from "../../../../test/support/test-databases";
import { TestClient } from "../../../../test/support/test-web";

// GET /api/admin/overview (issue 20) over real HTTP on PGlite and PostgreSQL: rows seeded at known UTC days
// land in the right day, days without rows read 0, rows older than 30 days are left out, and only admins ask.
const dayMs = 86_400_000;
/** Noon UTC `daysAgo` days before today: far from a day's edges whatever the clock says. */
const noonDaysAgo = (daysAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12) - daysAgo * dayMs);
};
const dayKey = (daysAgo: number) => noonDaysAgo(daysAgo).toISOString().slice(0, 10);

describe.each(databaseKinds)("admin overview API on %s", (kind) => {
  let web: RunningWeb;
  let admin: TestClient;
  const adminEmail = "overseer@example.com";
  const { password, verifiedClient } = accountClients(() => web);

  beforeAll(async () => {
    ({ web, admin } = await startAdminWeb(kind, adminEmail, password));
  });
  afterAll(async () => {
    await web?.stop();
  });

  async function seed() {
    const { db } = web.database;
    const person = (daysAgo: number) => ({
      id: randomUUID(),
      name: "Seeded",
      email: `seed-${randomUUID()}@example.com`,
      createdAt: noonDaysAgo(daysAgo),
      updatedAt: noonDaysAgo(daysAgo),
    });
    const people = [person(3), person(3), person(10), person(45)];
    await db.insert(user).values(people);
    const owner = people[0]?.id ?? "";
    const note = (daysAgo: number, type: "text" | "recording" | "meeting", extra: Partial<typeof notes.$inferInsert> = {}) => ({
      id: randomUUID(),
      userId: owner,
      type,
      source:
        type === "text"
          ? { kind: "text" as const }
          : type === "meeting"
            ? { kind: "meeting" as const, url: "https://meet.google.com/abc-defg-hij" }
            : { kind: "recording" as const, mimeType: null },
      createdAt: noonDaysAgo(daysAgo),
      ...extra,
    });
    const seeded = [
      note(3, "text"),
      note(3, "recording", { transcriptionCode: "transcription_failed" }),
      note(3, "recording", { transcriptionCode: "transcription_no_speech_detected" }),
      note(5, "recording", { transcriptionCode: "transcription_ready", notesStatus: "notes_failed" }),
      note(5, "meeting"),
      note(5, "meeting"),
      note(5, "meeting"),
      note(40, "recording", { transcriptionCode: "transcription_failed" }),
    ];
    await db.insert(notes).values(seeded);
    const usage = (daysAgo: number, kind: "transcription_minutes" | "upload", amount: number) => ({
      userId: owner,
      period: dayKey(daysAgo).slice(0, 7),
      kind,
      amount,
      sourceId: randomUUID(),
      createdAt: noonDaysAgo(daysAgo),
    });
    await db
      .insert(usageRecords)
      .values([
        usage(3, "transcription_minutes", 7),
        usage(3, "transcription_minutes", 5),
        usage(3, "upload", 1),
        usage(50, "transcription_minutes", 99),
      ]);
    const bot = (noteId: string, history: { code: string; subcode: string | null }[]) => ({
      userId: owner,
      noteId,
      platform: "google_meet" as const,
      meetingKey: `google_meet:${randomUUID()}`,
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      botName: "Parley",
      consentMessage: "Recording",
      history: history.map((entry, index) => ({ ...entry, sequence: index + 1, at: noonDaysAgo(5).toISOString() })),
      createdAt: noonDaysAgo(5),
    });
    const [first, second, third] = seeded.slice(4, 7).map((row) => row.id);
    await db.insert(meetingBots).values([
      // fatal then done: the ending reads as fatal (interpretations 21).
      bot(first ?? "", [
        { code: "joining_call", subcode: null },
        { code: "fatal", subcode: "meeting_not_found" },
        { code: "done", subcode: "meeting_not_found" },
      ]) as typeof meetingBots.$inferInsert,
      bot(second ?? "", [
        { code: "in_call_recording", subcode: null },
        { code: "call_ended", subcode: null },
      ]) as typeof meetingBots.$inferInsert,
      // Still in the call: no ending yet.
      bot(third ?? "", [{ code: "in_call_recording", subcode: null }]) as typeof meetingBots.$inferInsert,
    ]);
  }

  it("counts per UTC day over the last 30 days, zero-filled, with failures and bot endings by code", async () => {
    await seed();
    const response = await admin.api("GET", "/admin/overview");
    expect(response.status).toBe(200);
    const overview = (await response.json()) as AdminOverviewResponse;
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1)?.day).toBe(dayKey(0));
    expect(overview.days[0]?.day).toBe(dayKey(29));
    const day = (daysAgo: number) => overview.days.find((entry) => entry.day === dayKey(daysAgo));

    expect(day(3)).toEqual({
      day: dayKey(3),
      signUps: 2,
      notes: { meeting: 0, recording: 2, file: 0, document: 0, text: 1, youtube: 0 },
      transcriptionMinutes: 12,
    });
    expect(day(5)?.notes).toMatchObject({ recording: 1, meeting: 3 });
    expect(day(10)?.signUps).toBe(1);
    expect(day(20)).toEqual({
      day: dayKey(20),
      signUps: 0,
      notes: { meeting: 0, recording: 0, file: 0, document: 0, text: 0, youtube: 0 },
      transcriptionMinutes: 0,
    });
    // The admin signed up today (the test's own account).
    expect(day(0)?.signUps).toBeGreaterThanOrEqual(1);
    expect(overview.days.reduce((sum, entry) => sum + entry.transcriptionMinutes, 0)).toBe(12);

    expect(overview.failures).toEqual([
      { code: "notes_failed", count: 1 },
      { code: "transcription_failed", count: 1 },
      { code: "transcription_no_speech_detected", count: 1 },
    ]);
    expect(overview.bots).toEqual([
      { code: "call_ended", count: 1 },
      { code: "fatal", count: 1 },
    ]);
  });

  it("keeps signed-out callers and non-admins out", async () => {
    const { client } = await verifiedClient();
    expect((await client.api("GET", "/admin/overview")).status).toBe(403);
    expect((await new TestClient(web.url).api("GET", "/admin/overview")).status).toBe(401);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, userData } from "~/infra/db/auth-schema";
import { calendarConnections, calendarEvents, calendarPreferences } from "~/infra/db/calendar-schema";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { meetingBots } from "~/infra/db/meetings-schema";
import { notes } from "~/infra/db/notes-schema";
import { createLogger } from "~/infra/logging/logger";
import { type QueueHandle, startQueue } from "~/infra/queue/boss";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import { defaultLimits, unlimitedLimits } from "~/shared/billing/plans";
import type { ConnectionStatus } from "~/shared/calendars/calendar-platforms";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { createBotTexts } from "../../runtime/bot-texts";
import { botLaunchJobName } from "../meetings/launch-job";
import { type DispatchDeps, dispatchDueEvents } from "./dispatch-due-events";

// The auto-join dispatcher on a real database and pg-boss, with the clock in the test's hands: due events
// get one bot (title and ids on the note, the consent text in the owner's language), others wait or are
// skipped with a reason; moved and cancelled events call their bot off; two runs at once send one bot.
const minute = 60_000;

/** A Meet code part from a number (Meet codes are letters only). */
function lettersOf(n: number): string {
  return Array.from({ length: 4 }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join("");
}

describe.each(databaseKinds)("calendar dispatch on %s", (kind) => {
  let database: DatabaseHandle;
  let queue: QueueHandle;
  let db: Database;
  let clock = new Date("2026-11-25T10:00:00Z");
  let counter = 0;
  const transcriptions: string[] = [];

  function deps(overrides: Partial<DispatchDeps> = {}): DispatchDeps {
    return {
      db,
      boss: queue.boss,
      storage: createDiskStorage(mkdtempSync(path.join(tmpdir(), "parley-dispatch-"))),
      startTranscription: async ({ noteId }) => transcriptions.push(noteId),
      planLimits: { free: unlimitedLimits, pro: unlimitedLimits },
      botTexts: createBotTexts(),
      logger: createLogger("silent"),
      now: () => clock,
      ...overrides,
    };
  }

  /** A user with a calendar connection and their preferences. */
  async function newUser({
    autoJoin = true,
    language = "en",
    status = "active",
  }: {
    autoJoin?: boolean;
    language?: string;
    status?: ConnectionStatus;
  } = {}) {
    const id = `user${++counter}`;
    await db.insert(user).values({ id, name: `Ana${counter} Lima`, email: `${id}@example.com` });
    await db.insert(userData).values({ userId: id, language });
    await db.insert(calendarPreferences).values({ userId: id, autoJoin });
    const [connection] = await db
      .insert(calendarConnections)
      .values({ userId: id, platform: "google_calendar", refreshTokenEnc: "sealed", status })
      .returning({ id: calendarConnections.id });
    if (!connection) throw new Error("no connection");
    return { userId: id, connectionId: connection.id };
  }

  async function newEvent(
    owner: { userId: string; connectionId: string },
    { startsInMinutes, ...fields }: { startsInMinutes: number } & Partial<typeof calendarEvents.$inferInsert>,
  ) {
    const startsAt = new Date(clock.getTime() + startsInMinutes * minute);
    const [row] = await db
      .insert(calendarEvents)
      .values({
        userId: owner.userId,
        connectionId: owner.connectionId,
        providerEventId: `evt${++counter}`,
        title: `Weekly sync ${counter}`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * minute),
        meetingUrl: `https://meet.google.com/abc-${lettersOf(counter)}-xyz`,
        meetingPlatform: "google_meet",
        ...fields,
      })
      .returning();
    if (!row) throw new Error("no event");
    return row;
  }

  async function eventRow(id: string) {
    const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    if (!row) throw new Error("event gone");
    return row;
  }

  async function botOf(noteId: string) {
    const [bot] = await db.select().from(meetingBots).where(eq(meetingBots.noteId, noteId));
    return bot ?? null;
  }

  async function notesOfEvent(event: { connectionId: string; providerEventId: string }) {
    return db
      .select()
      .from(notes)
      .where(and(eq(notes.calendarId, event.connectionId), eq(notes.eventId, event.providerEventId)));
  }

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    db = database.db;
    queue = await startQueue(database, () => {});
    await queue.boss.createQueue(botLaunchJobName);
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("sends one bot for an event starting within the next minute and a half, with its title and ids on the note", async () => {
    const owner = await newUser({ language: "es" });
    const event = await newEvent(owner, { startsInMinutes: 1 });
    const later = await newEvent(owner, { startsInMinutes: 5 });
    const summary = await dispatchDueEvents(deps(), { userId: owner.userId });
    expect(summary).toEqual({ sent: 1, skipped: 0, cancelled: 0 });

    const row = await eventRow(event.id);
    expect(row.noteId).not.toBeNull();
    expect(row.sentBotManually).toBeNull();
    const [note] = await notesOfEvent(event);
    expect(note).toMatchObject({ id: row.noteId, type: "meeting", title: event.title, userId: owner.userId });
    const bot = await botOf(row.noteId ?? "");
    expect(bot?.meetingUrl).toBe(event.meetingUrl);
    // The consent message in the owner's language (es), naming them.
    expect(bot?.consentMessage).toMatch(/^Hola, soy Parley Notetaker \(Ana\d+\)\. Ana\d+ Lima está grabando/);
    expect((await eventRow(later.id)).noteId).toBeNull();

    // The next run finds nothing new to send.
    expect(await dispatchDueEvents(deps(), { userId: owner.userId })).toEqual({ sent: 0, skipped: 0, cancelled: 0 });
    expect(await notesOfEvent(event)).toHaveLength(1);
  });

  it("follows the event's own toggle first, then auto-join", async () => {
    const off = await newUser({ autoJoin: false });
    const on = await newUser({ autoJoin: true });
    const followsOff = await newEvent(off, { startsInMinutes: 1 });
    const enabled = await newEvent(off, { startsInMinutes: 1, joinEnabled: true });
    const disabled = await newEvent(on, { startsInMinutes: 1, joinEnabled: false });
    await dispatchDueEvents(deps(), { userId: off.userId });
    await dispatchDueEvents(deps(), { userId: on.userId });
    expect((await eventRow(followsOff.id)).noteId).toBeNull();
    expect((await eventRow(enabled.id)).noteId).not.toBeNull();
    expect((await eventRow(disabled.id)).noteId).toBeNull();
  });

  it("never joins all-day, cancelled or link-less events, nor those of a calendar that needs reconnecting", async () => {
    const owner = await newUser();
    const stale = await newUser({ status: "reconnect" });
    const events = [
      await newEvent(owner, { startsInMinutes: 1, isAllDay: true }),
      await newEvent(owner, { startsInMinutes: 1, isCancelled: true }),
      await newEvent(owner, { startsInMinutes: 1, meetingUrl: null, meetingPlatform: null }),
      await newEvent(stale, { startsInMinutes: 1 }),
    ];
    await dispatchDueEvents(deps());
    for (const event of events) expect(await eventRow(event.id)).toMatchObject({ noteId: null, skipReason: null });
  });

  it("joins an event under way for up to 10 minutes and skips one seen later, saying why", async () => {
    const owner = await newUser();
    const recent = await newEvent(owner, { startsInMinutes: -9 });
    const late = await newEvent(owner, { startsInMinutes: -11 });
    const over = await newEvent(owner, { startsInMinutes: -60, endsAt: new Date(clock.getTime() - minute) });
    expect(await dispatchDueEvents(deps(), { userId: owner.userId })).toEqual({ sent: 1, skipped: 1, cancelled: 0 });
    expect((await eventRow(recent.id)).noteId).not.toBeNull();
    expect(await eventRow(late.id)).toMatchObject({ noteId: null, skipReason: "started_too_long_ago" });
    // Past events are history, not skips.
    expect(await eventRow(over.id)).toMatchObject({ noteId: null, skipReason: null });
  });

  it("skips an event over the plan's limits with usage_limit and no bot", async () => {
    const owner = await newUser();
    const event = await newEvent(owner, { startsInMinutes: 0 });
    const limits = { free: { ...defaultLimits.free, concurrentMeetings: 0 }, pro: defaultLimits.pro };
    expect(await dispatchDueEvents(deps({ planLimits: limits }), { userId: owner.userId })).toEqual({ sent: 0, skipped: 1, cancelled: 0 });
    expect(await eventRow(event.id)).toMatchObject({ noteId: null, skipReason: "usage_limit" });
    expect(await notesOfEvent(event)).toHaveLength(0);
  });

  it("moves the bot with an event moved later, and cancels it with a cancelled event", async () => {
    const owner = await newUser();
    const moved = await newEvent(owner, { startsInMinutes: 1 });
    const cancelled = await newEvent(owner, { startsInMinutes: 1 });
    await dispatchDueEvents(deps(), { userId: owner.userId });
    const firstNote = (await eventRow(moved.id)).noteId ?? "";
    const cancelledNote = (await eventRow(cancelled.id)).noteId ?? "";
    expect(firstNote).not.toBe("");

    const newStart = new Date(clock.getTime() + 120 * minute);
    await db
      .update(calendarEvents)
      .set({ startsAt: newStart, endsAt: new Date(newStart.getTime() + 30 * minute) })
      .where(eq(calendarEvents.id, moved.id));
    await db.update(calendarEvents).set({ isCancelled: true }).where(eq(calendarEvents.id, cancelled.id));
    expect(await dispatchDueEvents(deps(), { userId: owner.userId })).toEqual({ sent: 0, skipped: 0, cancelled: 2 });
    // Neither bot had started: both ended at once, nothing recorded.
    expect((await botOf(firstNote))?.finishedAt).not.toBeNull();
    expect((await botOf(cancelledNote))?.finishedAt).not.toBeNull();
    expect((await eventRow(moved.id)).noteId).toBeNull();
    expect((await eventRow(cancelled.id)).noteId).toBe(cancelledNote);

    // At the new time the moved event gets a fresh bot.
    clock = new Date(newStart.getTime() - minute);
    try {
      expect(await dispatchDueEvents(deps(), { userId: owner.userId })).toEqual({ sent: 1, skipped: 0, cancelled: 0 });
      const secondNote = (await eventRow(moved.id)).noteId;
      expect(secondNote).not.toBeNull();
      expect(secondNote).not.toBe(firstNote);
    } finally {
      clock = new Date("2026-11-25T10:00:00Z");
    }
  });

  it("calls the bot off when the user turns the event's notetaker off after it went out", async () => {
    const owner = await newUser();
    const event = await newEvent(owner, { startsInMinutes: 1 });
    await dispatchDueEvents(deps(), { userId: owner.userId });
    const noteId = (await eventRow(event.id)).noteId ?? "";
    await db.update(calendarEvents).set({ joinEnabled: false }).where(eq(calendarEvents.id, event.id));
    expect(await dispatchDueEvents(deps(), { userId: owner.userId })).toEqual({ sent: 0, skipped: 0, cancelled: 1 });
    expect((await botOf(noteId))?.finishedAt).not.toBeNull();
    expect((await eventRow(event.id)).noteId).toBeNull();
    // Turned on again while still due: a new bot.
    await db.update(calendarEvents).set({ joinEnabled: true }).where(eq(calendarEvents.id, event.id));
    expect(await dispatchDueEvents(deps(), { userId: owner.userId })).toEqual({ sent: 1, skipped: 0, cancelled: 0 });
  });

  it("sends one bot when two runs (the schedule and a sync) go at once", async () => {
    const owner = await newUser();
    const events = [await newEvent(owner, { startsInMinutes: 1 }), await newEvent(owner, { startsInMinutes: 0 })];
    const runs = await Promise.all([dispatchDueEvents(deps()), dispatchDueEvents(deps(), { userId: owner.userId })]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    for (const event of events) {
      const sent = await notesOfEvent(event);
      expect(sent).toHaveLength(1);
      expect((await eventRow(event.id)).noteId).toBe(sent[0]?.id);
    }
  });

  it("leaves other users' events alone in a run for one user", async () => {
    const owner = await newUser();
    const other = await newUser();
    const theirs = await newEvent(other, { startsInMinutes: 1 });
    await dispatchDueEvents(deps(), { userId: owner.userId });
    expect((await eventRow(theirs.id)).noteId).toBeNull();
  });
});

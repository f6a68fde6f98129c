import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData } from "~/infra/db/auth-schema";
import { calendarConnections, calendarEvents, calendarPreferences } from "~/infra/db/calendar-schema";
import { notes } from "~/infra/db/notes-schema";
import { createLogger } from "~/infra/logging/logger";
import { createSmtpMailer, type Mailer } from "~/infra/mail/mailer";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { RunningWeb } from "~/server/start-web";
import type { RecapRecipients } from "~/shared/calendars/calendar-platforms";
import { sampleAiNotes, seedNote, userIdOf } from "../../../test/support/seed-notes";
import { databaseKinds } from "../../../test/support/test-databases";
import { startTestWeb, verifiedClient } from "../../../test/support/test-web";
import { enqueueNotes } from "../ai-notes/jobs";
import { type RecapDeps, sendCalendarRecap } from "./recap-mail";

// The send-notes recap through the real mail path (the embedded SMTP catcher): once a calendar meeting's
// AI notes are ready, the notes job's hook mails the recap in the owner's language, to the owner or to the
// attendees too, with the note's public link; once per event; nothing when send-notes is off.

describe.each(databaseKinds)("calendar recap e-mail on %s", (kind) => {
  let web: RunningWeb;
  let mailer: Mailer;
  let counter = 0;

  /** Recaps only: the same address got its sign-up verification mail too. */
  const recapsTo = (to: string) => (web.mailCatcher?.list({ to }) ?? []).filter((mail) => /^(Meeting notes|Notas)/.test(mail.subject));

  function deps(): RecapDeps {
    return { db: web.database.db, mailer, logger: createLogger("silent"), publicUrl: () => web.url };
  }

  /** A signed-up user with a calendar, their recap choices, and a meeting note made for one of its events. */
  async function meetingFromCalendar({
    language = "en",
    sendNotes = true,
    recapRecipients = "owner",
    withNotes = true,
  }: {
    language?: string;
    sendNotes?: boolean;
    recapRecipients?: RecapRecipients;
    withNotes?: boolean;
  } = {}) {
    const email = `recap${++counter}@example.com`;
    const client = await verifiedClient(web, email, language);
    const db = web.database.db;
    const userId = await userIdOf(db, email);
    await db.update(userData).set({ language }).where(eq(userData.userId, userId));
    await db.insert(calendarPreferences).values({ userId, sendNotes, recapRecipients });
    const [connection] = await db
      .insert(calendarConnections)
      .values({ userId, platform: "google_calendar", refreshTokenEnc: "sealed" })
      .returning({ id: calendarConnections.id });
    if (!connection) throw new Error("no connection");
    const title = `Release planning ${counter}`;
    const noteId = await seedNote(db, createDiskStorage(mkdtempSync(path.join(tmpdir(), "parley-recap-"))), userId, {
      type: "meeting",
      title,
      source: { kind: "meeting", url: "https://meet.google.com/abc-defg-hij" },
      ...(withNotes ? { aiNotes: sampleAiNotes } : {}),
    });
    const startsAt = new Date(Date.now() - 60 * 60_000);
    const [event] = await db
      .insert(calendarEvents)
      .values({
        userId,
        connectionId: connection.id,
        providerEventId: `evt_${counter}`,
        title,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        meetingUrl: "https://meet.google.com/abc-defg-hij",
        meetingPlatform: "google_meet",
        attendees: [
          { email: email.toUpperCase(), name: "Me again" },
          { email: `bo${counter}@guests.test`, name: "Bo Lund" },
          { email: `cy${counter}@guests.test`, name: null },
        ],
        noteId,
      })
      .returning({ id: calendarEvents.id });
    if (!event) throw new Error("no event");
    return { client, userId, email, noteId, title, eventId: event.id };
  }

  beforeAll(async () => {
    web = await startTestWeb(kind, {
      AUTH_RATE_LIMIT_SCALE: "100",
      LLM_ENGINE: "none",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-recap-web-")),
    });
    mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${web.mailCatcher?.port}`, from: "Parley <no-reply@parley.test>" });
  });
  afterAll(async () => {
    await mailer?.close();
    await web?.stop();
  });

  it("mails the owner once the notes job is done, with the note's public link", async () => {
    const meeting = await meetingFromCalendar({ withNotes: false });
    await enqueueNotes(web.database.db, web.queue.boss, { userId: meeting.userId, noteId: meeting.noteId });
    await expect.poll(() => recapsTo(meeting.email).length, { timeout: 30_000 }).toBe(1);
    const [mail] = recapsTo(meeting.email);
    expect(mail?.subject).toBe(`Meeting notes: ${meeting.title}`);
    const [note] = await web.database.db.select({ shareId: notes.shareId }).from(notes).where(eq(notes.id, meeting.noteId));
    expect(note?.shareId).toBeTruthy();
    const link = `${web.url}/n/${note?.shareId}`;
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain("This link is public");
    // The link opens for anyone, signed out.
    const shared = await fetch(`${web.url}/api/shared/${note?.shareId}`);
    expect(shared.status).toBe(200);
    // Once per event: the hook running again sends nothing.
    expect(await sendCalendarRecap(deps(), { userId: meeting.userId, noteId: meeting.noteId })).toBe("alreadySent");
    expect(recapsTo(meeting.email)).toHaveLength(1);
  });

  it("writes the summary, decisions and action items with their owners", async () => {
    const meeting = await meetingFromCalendar();
    expect(await sendCalendarRecap(deps(), { userId: meeting.userId, noteId: meeting.noteId })).toBe("sent");
    const [mail] = recapsTo(meeting.email);
    expect(mail?.text).toContain(sampleAiNotes.summary);
    expect(mail?.text).toMatch(/DECISIONS/);
    expect(mail?.text).toMatch(/ACTION ITEMS/);
    expect(mail?.text).toContain("Ship on Tuesday");
    expect(mail?.text).toContain("Finish the release checklist (Sarah)");
    expect(mail?.html).toContain('lang="en"');
    for (const other of ["bo", "cy"]) expect(recapsTo(`${other}${counter}@guests.test`)).toHaveLength(0);
  });

  it("goes to the attendees and the owner, once each, in the owner's language (es)", async () => {
    const meeting = await meetingFromCalendar({ language: "es", recapRecipients: "attendees" });
    expect(await sendCalendarRecap(deps(), { userId: meeting.userId, noteId: meeting.noteId })).toBe("sent");
    const n = counter;
    for (const to of [meeting.email, `bo${n}@guests.test`, `cy${n}@guests.test`]) {
      const received = recapsTo(to);
      expect(received, to).toHaveLength(1);
      expect(received[0]?.subject).toBe(`Notas de la reunión: ${meeting.title}`);
      expect(received[0]?.text).toContain("Este enlace es público");
    }
    expect(recapsTo(`bo${n}@guests.test`)[0]?.text).toContain("Hola, Bo Lund:");
  });

  it("sends nothing when send-notes is off, or for a note no calendar event made", async () => {
    const off = await meetingFromCalendar({ sendNotes: false });
    expect(await sendCalendarRecap(deps(), { userId: off.userId, noteId: off.noteId })).toBe("off");
    expect(recapsTo(off.email)).toHaveLength(0);
    const other = await meetingFromCalendar();
    // Another user's note id is not theirs: nothing found.
    expect(await sendCalendarRecap(deps(), { userId: other.userId, noteId: off.noteId })).toBe("notCalendar");
  });
});

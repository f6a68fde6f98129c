import type { Page } from "@playwright/test";
import { meetingControl } from "../test/stand-ins/meetings/control-client";
import { type Speaker, startSpeaker } from "../test/stand-ins/meetings/speaker";
import { clipPath } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { cancelEvent, connectThroughCard, eventRow, meetLink, moveEvent, openCalendarPage, seedEvents } from "./support/calendar";
import { linkIn, waitForMail } from "./support/mailbox";
import { openedNotePage } from "./support/note-page";

// Issue 18, done when: with auto-join on, an event starting now gets a notetaker by itself, which records a
// stand-in meeting over real WebRTC; the notes are written and the recap e-mail arrives in the mail catcher;
// a later event's scheduled notetaker follows the event when it moves and goes away when it is cancelled.
// The provider's changes reach the app as push notifications (CALENDAR_PUSH_URL), as they would in production.
test.describe.configure({ timeout: 240_000 });

const meetingsBase = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 5}`;
const control = meetingControl(meetingsBase);

/** "Scheduled for 10:29 AM" as the page writes it: the browser's locale and time zone. */
async function scheduledText(page: Page, sendAt: Date): Promise<string> {
  const time = await page.evaluate(
    (at) => new Intl.DateTimeFormat(navigator.language, { hour: "numeric", minute: "2-digit" }).format(new Date(at)),
    sendAt.getTime(),
  );
  return `Scheduled for ${time}`;
}

const minutes = (count: number) => count * 60_000;

test("auto-join sends the notetaker to a meeting starting now; its notes are mailed; a later event's notetaker follows a move and a cancel", async ({
  page,
}) => {
  const link = meetLink();
  const meetingId = new URL(link).pathname.slice(1);
  await control.register("google_meet", meetingId, { lobby: "none" });
  const speakers: Speaker[] = [];
  try {
    speakers.push(await startSpeaker({ baseUrl: meetingsBase, meetingId, name: "Alice Moreau", clipPath: clipPath("c6") }));
    const account = newAccount("auto-join");
    await signUpVerified(page, account);
    await skipOnboarding(page);
    const now = Date.now();
    // Later events start 20-25 minutes from now: far enough that no notetaker goes while the test runs.
    const laterStart = new Date(now + minutes(20));
    const [, designId, hiringId] = await seedEvents(page, "google", account.email, [
      {
        title: "Budget review",
        start: new Date(now - minutes(1)),
        end: new Date(now + minutes(30)),
        meetingUrl: link,
        attendees: [{ email: "alice@example.com", name: "Alice Moreau" }],
      },
      { title: "Design sync", start: laterStart, end: new Date(now + minutes(50)), meetingUrl: meetLink() },
      { title: "Hiring panel", start: new Date(now + minutes(25)), end: new Date(now + minutes(55)), meetingUrl: meetLink() },
    ]);
    if (!designId || !hiringId) throw new Error("the stand-in did not answer the seeded events' ids");

    await openCalendarPage(page);
    await connectThroughCard(page, "google_calendar");
    const budget = eventRow(page, "Budget review");
    const design = eventRow(page, "Design sync");
    await expect(budget).toBeVisible();
    // Auto-join is off until the user turns it on (interpretations 30): nothing is scheduled yet.
    await expect(design.getByTestId("event-scheduled")).toHaveCount(0);
    for (const toggle of ["auto-join-toggle", "send-notes-toggle"]) {
      await page.getByTestId(toggle).click();
      await expect(page.getByTestId(toggle)).toHaveAttribute("aria-checked", "true");
      await expect(page.getByTestId(toggle)).toHaveAttribute("aria-busy", "false");
    }

    // The later event shows when its notetaker will go; moving the event moves it, cancelling removes it.
    await expect(design.getByTestId("event-scheduled")).toHaveText(await scheduledText(page, new Date(laterStart.getTime() - 60_000)));
    const movedStart = new Date(now + minutes(40));
    await moveEvent(page, "google", designId, { start: movedStart.toISOString(), end: new Date(now + minutes(70)).toISOString() });
    await expect(design.getByTestId("event-scheduled")).toHaveText(await scheduledText(page, new Date(movedStart.getTime() - 60_000)), {
      timeout: 60_000,
    });
    const hiring = eventRow(page, "Hiring panel");
    await expect(hiring.getByTestId("event-scheduled")).toBeVisible();
    await cancelEvent(page, "google", hiringId);
    await expect(hiring.getByTestId("event-scheduled")).toHaveCount(0, { timeout: 60_000 });

    // The event under way got its notetaker by itself; its status is on the event and links to the note.
    const bot = budget.getByTestId("event-bot");
    await expect(bot).toBeVisible({ timeout: 60_000 });
    await bot.click();
    const noteId = await openedNotePage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Budget review");
    const status = page.getByTestId("meeting-status");
    await expect(status).toHaveAttribute("data-code", "in_call_not_recording", { timeout: 60_000 });
    const [alice] = speakers as [Speaker];
    await alice.speak();
    await alice.leave();
    await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 120_000 });
    await expect(page.getByTestId("transcript")).toContainText(/country/i);
    const note = (await (await page.request.get(`/api/notes/${noteId}`)).json()) as {
      note: { data: { calendarId: string | null; eventId: string | null } };
    };
    expect(note.note.data.calendarId).toMatch(/^[0-9a-f-]{36}$/);
    expect(note.note.data.eventId).toBeTruthy();

    // Send-notes is on: the recap reaches the owner with the notes and a link to the shared note.
    const recap = await waitForMail(page.request, { to: account.email, subject: /Budget review/, timeout: 90_000 });
    expect(recap.subject).toBe("Meeting notes: Budget review");
    const shared = linkIn(recap, "/n/");
    const sharedPage = await page.request.get(shared.pathname);
    expect(sharedPage.ok()).toBe(true);
    expect(await sharedPage.text()).toContain("Budget review");
  } finally {
    for (const speaker of speakers) await speaker.close();
  }
});

import type { Browser, Page } from "@playwright/test";
import { meetingControl } from "../test/stand-ins/meetings/control-client";
import { type Speaker, startSpeaker } from "../test/stand-ins/meetings/speaker";
import { clipPath } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 6, done when: a bot sent from the browser to each stand-in platform waits in the lobby, is let in,
// records two people talking over real WebRTC (each from its own Chromium), leaves when everyone has left,
// and the note shows a transcript (real Whisper) with both people's words and names; cancel works; three
// bots run at once. Failure scenarios (every code and subcode) are in
// src/server/api/meetings/meeting-bot-routes.scenarios.test.ts.
test.describe.configure({ timeout: 240_000, mode: "serial" });

const meetingsBase = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 5}`;
const control = meetingControl(meetingsBase);

const platforms = [
  { platform: "google_meet", name: "Google Meet", link: (id: string) => `https://meet.google.com/${id}`, id: () => meetCode() },
  {
    platform: "microsoft_teams",
    name: "Microsoft Teams",
    link: (id: string) => `https://teams.live.com/meet/${id}?p=Secret42`,
    id: () => digits(13),
  },
  { platform: "zoom", name: "Zoom", link: (id: string) => `https://zoom.us/j/${id}?pwd=Secret42`, id: () => digits(11) },
] as const;

function digits(count: number): string {
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join("");
}
function meetCode(): string {
  const letters = () => String.fromCharCode(97 + Math.floor(Math.random() * 26));
  const part = (length: number) => Array.from({ length }, letters).join("");
  return `${part(3)}-${part(4)}-${part(3)}`;
}

async function signedInAtHome(page: Page, label: string): Promise<void> {
  await signUpVerified(page, newAccount(label));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
}

/** Sends the notetaker from the Home card; returns the note id once the note page is open. */
async function sendBot(page: Page, link: string, platformName: string): Promise<string> {
  const card = page.getByRole("form", { name: "Send a notetaker to a meeting" });
  await card.getByLabel("Meeting link").fill(link);
  await expect(card.getByTestId("meeting-link-hint")).toContainText(`${platformName} meeting`);
  await card.getByRole("button", { name: "Send notetaker" }).click();
  return openedNotePage(page, 30_000);
}

async function botState(meetingId: string): Promise<string> {
  return (await control.get(meetingId)).bot.state;
}

for (const { platform, name, link, id } of platforms) {
  test(`${name}: lobby, admitted, two people recorded, leaves when everyone left, transcript with names`, async ({ page }) => {
    const meetingId = id();
    await control.register(platform, meetingId, { lobby: "manual", password: platform === "google_meet" ? null : "Secret42" });
    const speakers: Speaker[] = [];
    try {
      speakers.push(await startSpeaker({ baseUrl: meetingsBase, meetingId, name: "Alice Moreau", clipPath: clipPath("c6") }));
      speakers.push(await startSpeaker({ baseUrl: meetingsBase, meetingId, name: "Bob Lin", clipPath: clipPath("c1") }));
      await signedInAtHome(page, `bot-${platform}`);
      await sendBot(page, link(meetingId), name);

      const status = page.getByTestId("meeting-status");
      await expect(status).toHaveAttribute("data-code", "in_waiting_room", { timeout: 60_000 });
      await expect(page.getByTestId("meeting-explanation")).toBeVisible();
      expect(await botState(meetingId)).toBe("waiting");
      await control.admit(meetingId);
      // Let in, but nobody talks yet: in the call, not recording silence. The consent message is in the chat.
      // (Zoom asks the host's consent to record first: the bot reports it allowed, and waits for audio.)
      const waitingForAudio = platform === "zoom" ? "recording_permission_allowed" : "in_call_not_recording";
      await expect(status).toHaveAttribute("data-code", waitingForAudio, { timeout: 30_000 });
      await expect
        .poll(async () =>
          (await control.get(meetingId)).chat.some(
            (message) => message.from.startsWith("Parley Notetaker (Ana)") && /recording and transcribing/.test(message.text),
          ),
        )
        .toBe(true);

      const [alice, bob] = speakers as [Speaker, Speaker];
      const aliceSpeaking = alice.speak();
      await expect(status).toHaveAttribute("data-code", "in_call_recording", { timeout: 30_000 });
      await aliceSpeaking;
      await bob.speak();
      await alice.leave();
      await bob.leave();
      // Everyone left: the bot leaves 2 s later (a success ending), and the recording is transcribed.
      await expect.poll(() => botState(meetingId), { timeout: 30_000 }).toBe("left");
      await expect(page.getByTestId("note-status")).toHaveAttribute("data-code", "transcription_ready", { timeout: 120_000 });
      const transcript = page.getByTestId("transcript");
      await expect(transcript).toContainText(/country/i);
      await expect(transcript).toContainText(/consider/i);
      const aliceRow = transcript
        .getByRole("listitem")
        .filter({ hasText: /country/i })
        .first();
      const bobRow = transcript
        .getByRole("listitem")
        .filter({ hasText: /consider/i })
        .first();
      await expect(aliceRow).toContainText("Alice Moreau");
      await expect(bobRow).toContainText("Bob Lin");
      // The recording plays with a known length (remuxed: MediaRecorder's WebM has none), so it can seek.
      const length = () =>
        page.locator("audio").evaluate((audio: HTMLMediaElement) => (Number.isFinite(audio.duration) ? audio.duration : -1));
      await expect.poll(length).toBeGreaterThan(15);
      expect(await length()).toBeLessThan(60);
      const history = (await (await page.request.get(`/api/notes/${new URL(page.url()).pathname.split("/").pop()}/bot`)).json()) as {
        history: { code: string; subcode: string | null }[];
      };
      expect(history.history.map((entry) => entry.code)).toEqual([
        "joining_call",
        "in_waiting_room",
        "in_call_not_recording",
        ...(platform === "zoom" ? ["recording_permission_allowed"] : []),
        "in_call_recording",
        "call_ended",
        "done",
      ]);
      expect(history.history.at(-2)?.subcode).toBe("timeout_exceeded_everyone_left");
    } finally {
      for (const speaker of speakers) await speaker.close();
    }
  });
}

async function userAtHome(browser: Browser, label: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAtHome(page, label);
  return page;
}

test("three bots at once, one per platform, each removed by its user; nothing recorded reads 'no recording'", async ({ page, browser }) => {
  const meetings = platforms.map((entry) => ({ ...entry, meetingId: entry.id() }));
  for (const meeting of meetings) {
    await control.register(meeting.platform, meeting.meetingId, { password: meeting.platform === "google_meet" ? null : "Secret42" });
    // Someone is there (a silent, name-only participant), so no timer ends the call on its own.
    await control.addParticipant(meeting.meetingId, "Carla Ruiz");
  }
  const pages = [page, await userAtHome(browser, "three-2"), await userAtHome(browser, "three-3")];
  await signedInAtHome(page, "three-1");
  const noteIds: string[] = [];
  for (const [index, meeting] of meetings.entries())
    noteIds.push(await sendBot(pages[index] as Page, meeting.link(meeting.meetingId), meeting.name));
  // All three are in their calls at the same time; with no one talking they are not recording.
  await expect
    .poll(async () => Promise.all(meetings.map((meeting) => botState(meeting.meetingId))), { timeout: 90_000 })
    .toEqual(["in_call", "in_call", "in_call"]);
  for (const [index, userPage] of pages.entries()) {
    const waitingForAudio = meetings[index]?.platform === "zoom" ? "recording_permission_allowed" : "in_call_not_recording";
    await expect(userPage.getByTestId("meeting-status")).toHaveAttribute("data-code", waitingForAudio, { timeout: 30_000 });
  }
  for (const userPage of pages) {
    await userPage.getByRole("button", { name: "Remove notetaker" }).click();
    await userPage.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  }
  await expect
    .poll(async () => Promise.all(meetings.map((meeting) => botState(meeting.meetingId))), { timeout: 30_000 })
    .toEqual(["left", "left", "left"]);
  for (const [index, userPage] of pages.entries()) {
    await expect(userPage.getByTestId("meeting-status")).toHaveAttribute("data-subcode", "bot_received_leave_call", { timeout: 30_000 });
    await expect(userPage.getByTestId("meeting-explanation")).toBeVisible();
    const note = (await (await userPage.request.get(`/api/notes/${noteIds[index]}`)).json()) as { note: { data: { active: boolean } } };
    expect(note.note.data.active).toBe(false);
  }
  for (const userPage of pages.slice(1)) await userPage.context().close();
});

test("in Spanish on a phone: the dialog from the menu sends the notetaker, and a meeting that does not exist is explained", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAtHome(page, "bot-es-phone");
  await page.goto("/es/notes");
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Menú", exact: true }).click();
  await page.getByRole("button", { name: "Enviar bot a una reunión" }).click();
  const dialog = page.getByRole("dialog");
  // Nothing is registered on the stand-in under this code: Meet shows its "check your meeting code" page.
  await dialog.getByLabel("Enlace de la reunión").fill(`https://meet.google.com/${meetCode()}`);
  await expect(dialog.getByTestId("meeting-link-hint")).toContainText("Reunión de Google Meet");
  await dialog.getByRole("button", { name: "Enviar asistente" }).click();
  await expect(page).toHaveURL(/\/es\/note\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-subcode", "meeting_not_found", { timeout: 60_000 });
  await expect(page.getByTestId("meeting-explanation")).toContainText("No encontramos esta reunión");
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

import type { Page } from "@playwright/test";
import { meetingControl } from "../test/stand-ins/meetings/control-client";
import { expect, test } from "./fixtures/test";
import { newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { connectThroughCard, openCalendarPage } from "./support/calendar";
import { text } from "./support/catalog";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 18 / interpretations 22: a Zoom meeting that needs registration refuses an anonymous notetaker and
// the note says why, pointing at Connect Zoom; once the user has connected Zoom, the notetaker sent to such
// a meeting joins with the user's Zoom identity (a ZAK the meetings stand-in checks with the Zoom stand-in).
test.describe.configure({ timeout: 180_000 });

const meetingsBase = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 5}`;
const control = meetingControl(meetingsBase);

function zoomId(): string {
  return `8${Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join("")}`;
}

async function sendFromHome(page: Page, link: string): Promise<void> {
  await page.goto("/home");
  await waitForPageReady(page);
  const card = page.getByRole("form", { name: "Send a notetaker to a meeting" });
  await card.getByLabel("Meeting link").fill(link);
  await card.getByRole("button", { name: "Send notetaker" }).click();
  await openedNotePage(page, 30_000);
}

test("a Zoom meeting that needs registration is refused until Zoom is connected, then the notetaker joins it", async ({ page }) => {
  await signUpVerified(page, newAccount("zoom-reg"));
  await skipOnboarding(page);

  const refused = zoomId();
  await control.register("zoom", refused, { registrationRequired: true, password: null });
  await control.addParticipant(refused, "Carla Ruiz");
  await sendFromHome(page, `https://zoom.us/j/${refused}`);
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-subcode", "zoom_registration_required", { timeout: 60_000 });
  // The explanation leads to the page with the Connect Zoom button.
  await page.getByRole("link", { name: text("en", "meetings", "panel.connectMeetingService") }).click();
  await expect(page).toHaveURL(/\/settings\/calendar$/);
  await openCalendarPage(page);
  await connectThroughCard(page, "zoom");
  const user = (await (await page.request.get("/api/user")).json()) as { payload: { onboarding: Record<string, boolean> } };
  expect(user.payload.onboarding.zoomConnected).toBe(true);

  const admitted = zoomId();
  await control.register("zoom", admitted, { registrationRequired: true, password: null });
  await control.addParticipant(admitted, "Carla Ruiz");
  await sendFromHome(page, `https://zoom.us/j/${admitted}`);
  // Signed in as the user, the notetaker gets past the registration page into the call.
  await expect.poll(async () => (await control.get(admitted)).bot.state, { timeout: 60_000 }).toBe("in_call");
  await expect(page.getByTestId("meeting-status")).not.toHaveAttribute("data-subcode", "zoom_registration_required");
  await page.getByRole("button", { name: "Remove notetaker" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect.poll(async () => (await control.get(admitted)).bot.state, { timeout: 30_000 }).toBe("left");
});

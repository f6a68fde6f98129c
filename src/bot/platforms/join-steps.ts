import type { Locator, Page } from "playwright-core";
import type { ProbeConfig } from "./page-probe";

// Small steps the three adapters share: wait for the join form (or for the screen that replaces it),
// press optional toggles, and leave without failing on a page that is already gone.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Waits until `form` shows, or the page shows one of the platform's error or end screens instead.
 * True when the form is there to fill; false when a screen took its place (probe() reports which).
 */
export async function waitForJoinForm(page: Page, form: Locator, config: ProbeConfig, timeoutMs: number): Promise<boolean> {
  const stops = [...config.fatalTexts.map(([text]) => text), ...config.endingTexts.map(([text]) => text)];
  const screen = page.getByText(new RegExp(stops.map(escapeRegExp).join("|"), "i"));
  await form.or(screen).first().waitFor({ state: "visible", timeout: timeoutMs });
  return form.isVisible();
}

/** Clicks when the control is there (camera and microphone toggles, consent dialogs); never throws. */
export async function clickIfVisible(control: Locator): Promise<boolean> {
  try {
    if (!(await control.first().isVisible())) return false;
    await control.first().click({ timeout: 2_000 });
    return true;
  } catch {
    return false;
  }
}

/** Presses the first control that is there: leave is best effort, the page may be closing already. */
export async function pressFirst(controls: readonly Locator[]): Promise<void> {
  for (const control of controls) if (await clickIfVisible(control)) return;
}

/** The meeting link's path and query on another origin (the stand-in, or the platform's web client). */
export function onBase(meetingUrl: string, baseUrl: string, path?: string): string {
  const url = new URL(meetingUrl);
  return `${baseUrl.replace(/\/+$/, "")}${path ?? url.pathname}${url.search}`;
}

/** Opens the chat panel when it is closed, types and sends; false when the meeting has no chat to post in. */
export async function postInChat(
  page: Page,
  selectors: { chatButton: string; chatInput: string; chatSend: string },
  text: string,
): Promise<boolean> {
  const input = page.locator(selectors.chatInput);
  if (!(await input.isVisible().catch(() => false)) && !(await clickIfVisible(page.locator(selectors.chatButton)))) return false;
  try {
    await input.fill(text, { timeout: 5_000 });
    await page.locator(selectors.chatSend).click({ timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

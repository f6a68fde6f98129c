import { clickIfVisible, postInChat, pressFirst, waitForJoinForm } from "./join-steps";
import { probePage } from "./page-probe";
import type { PlatformAdapter } from "./platform-adapter";
import { zoomSelectors as s, zoomProbe } from "./zoom-selectors";

// Zoom through its web client: https://zoom.us/j/<id>?pwd=x opens as <base>/wc/<id>/join?pwd=x, where the
// preview form takes the name (and the passcode when the link has none), mutes, stops video and joins.
const joinFormTimeoutMs = 30_000;

export const zoomAdapter: PlatformAdapter = {
  platform: "zoom",
  defaultBaseUrl: "https://app.zoom.us",
  joinUrl(meetingUrl, baseUrl, options = {}) {
    const url = new URL(meetingUrl);
    const parts = url.pathname.split("/").filter(Boolean);
    // Government-cloud links have their own web client; a stand-in base replaces either.
    const base = baseUrl === "https://app.zoom.us" && url.hostname.endsWith("zoomgov.com") ? "https://app.zoomgov.com" : baseUrl;
    const path = ["j", "w", "s"].includes(parts[0] ?? "") && parts[1] ? `/wc/${parts[1]}/join` : url.pathname;
    // The web client joins as the Zoom user whose ZAK it gets (research 8): meetings for signed-in or
    // registered users only then let the bot in.
    if (options.zak) url.searchParams.set("zak", options.zak);
    return `${base.replace(/\/+$/, "")}${path}${url.search}`;
  },

  async join(page, { botName, passcode }) {
    const nameInput = page.locator(s.nameInput);
    if (!(await waitForJoinForm(page, nameInput, zoomProbe, joinFormTimeoutMs))) return;
    await clickIfVisible(page.locator(s.continueWithoutDevices));
    await nameInput.fill(botName);
    const passcodeInput = page.locator(s.passcodeInput);
    if (passcode && (await passcodeInput.isVisible())) await passcodeInput.fill(passcode);
    await clickIfVisible(page.locator(s.previewMute));
    await clickIfVisible(page.locator(s.previewStopVideo));
    await page.locator(s.joinButton).click();
  },

  probe: (page) => probePage(page, zoomProbe),

  sendChatMessage: (page, text) => postInChat(page, s, text),

  async leave(page) {
    // In the call Leave opens a menu whose "Leave Meeting" confirms; the waiting room has its own button.
    if (await clickIfVisible(page.locator(s.leaveButton)))
      await page
        .locator(s.leaveConfirm)
        .click({ timeout: 3_000 })
        .catch(() => undefined);
    else await pressFirst([page.locator(s.waitingRoomLeave)]);
  },
};

import { clickIfVisible, onBase, postInChat, pressFirst, waitForJoinForm } from "./join-steps";
import { probePage } from "./page-probe";
import type { PlatformAdapter } from "./platform-adapter";
import { teamsSelectors as s, teamsProbe } from "./teams-selectors";

// Microsoft Teams: the launcher page first ("Continue on this browser"), then the guest pre-join form
// (name, passcode for /meet/<id> links, camera and microphone off, "Join now"), then the lobby. Links keep
// their path: /l/meetup-join/<thread>/0?context=... and /meet/<id>?p=<passcode>.
const joinFormTimeoutMs = 30_000;
const defaultBaseUrl = "https://teams.microsoft.com";

export const teamsAdapter: PlatformAdapter = {
  platform: "microsoft_teams",
  defaultBaseUrl,
  // On the platform itself a link stays on its own host (teams.live.com, teams.microsoft.us); another
  // base (the stand-in) takes the path and query.
  joinUrl: (meetingUrl, baseUrl) =>
    baseUrl.replace(/\/+$/, "") === defaultBaseUrl ? new URL(meetingUrl).href : onBase(meetingUrl, baseUrl),

  async join(page, { botName, passcode }) {
    const nameInput = page.locator(s.nameInput);
    const launcher = page.locator(s.continueOnBrowser);
    if (!(await waitForJoinForm(page, nameInput.or(launcher), teamsProbe, joinFormTimeoutMs))) return;
    if (await launcher.first().isVisible()) {
      // Not best effort: on a busy machine a short click can time out, and the name field only comes after it.
      await launcher.first().click({ timeout: joinFormTimeoutMs });
      if (!(await waitForJoinForm(page, nameInput, teamsProbe, joinFormTimeoutMs))) return;
    }
    await nameInput.fill(botName);
    const passcodeInput = page.locator(s.passcodeInput);
    if (passcode && (await passcodeInput.isVisible())) await passcodeInput.fill(passcode);
    await clickIfVisible(page.locator(s.cameraOn));
    await clickIfVisible(page.locator(s.microphoneOn));
    await page.locator(s.joinButton).click();
  },

  probe: (page) => probePage(page, teamsProbe),

  sendChatMessage: (page, text) => postInChat(page, s, text),

  leave: (page) => pressFirst([page.locator(s.hangupButton)]),
};

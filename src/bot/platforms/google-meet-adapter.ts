import { meetProbe, meetSelectors as s } from "./google-meet-selectors";
import { clickIfVisible, onBase, postInChat, pressFirst, waitForJoinForm } from "./join-steps";
import { probePage } from "./page-probe";
import type { PlatformAdapter } from "./platform-adapter";

// Google Meet: the guest form (name, microphone and camera off, "Ask to join"), then the lobby until a
// host admits the bot. Meet has no passcodes; links are https://meet.google.com/abc-defg-hij.
const joinFormTimeoutMs = 30_000;

export const googleMeetAdapter: PlatformAdapter = {
  platform: "google_meet",
  defaultBaseUrl: "https://meet.google.com",
  joinUrl: (meetingUrl, baseUrl) => onBase(meetingUrl, baseUrl),

  async join(page, { botName }) {
    const nameInput = page.locator(s.nameInput);
    if (!(await waitForJoinForm(page, nameInput, meetProbe, joinFormTimeoutMs))) return;
    await nameInput.fill(botName);
    await clickIfVisible(page.locator(s.microphoneOff));
    await clickIfVisible(page.locator(s.cameraOff));
    await page.getByRole("button", { name: s.joinButton }).first().click();
  },

  probe: (page) => probePage(page, meetProbe),

  sendChatMessage: (page, text) => postInChat(page, s, text),

  leave: (page) => pressFirst([page.locator(s.leaveButton)]),
};

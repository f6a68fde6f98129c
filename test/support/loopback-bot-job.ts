import { randomUUID } from "node:crypto";
import type { BotJob } from "../../src/shared/meetings/bot-job";
import type { BotTimerSettings } from "../../src/shared/meetings/bot-timers";

/**
 * A Google Meet job for the bot tests: its callbacks and its platform pages both go to the test's
 * callback receiver at `baseUrl`, which serves whatever meeting page the test gives it.
 */
export function loopbackBotJob({
  botId,
  token,
  baseUrl,
  timers,
}: {
  botId: string;
  token: string;
  baseUrl: string;
  timers: BotTimerSettings;
}): BotJob {
  return {
    botId,
    noteId: randomUUID(),
    platform: "google_meet",
    meetingUrl: "https://meet.google.com/abc-defg-hij",
    passcode: null,
    botName: "Parley Notetaker (Ana)",
    consentMessage: "Parley Notetaker is recording and transcribing this meeting.",
    callbackBaseUrl: baseUrl,
    token,
    platformBaseUrl: baseUrl,
    timers,
    isHeadless: true,
  };
}

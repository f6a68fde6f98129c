import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { PlatformAdapter, ProbeResult } from "../../../src/bot/platforms/platform-adapter";
import { clipPath } from "../../support/media-fixtures";
import { launchBotBrowser } from "./bot-browser";
import { meetingControl } from "./control-client";
import type { meetingScenarioInput, StandInPlatform } from "./room-state";
import { type MeetingStandIn, startMeetingStandIn } from "./server";
import { startSpeaker } from "./speaker";

// The same journey and failure screens for each platform adapter, driven in a real Chromium against the
// stand-in (no bot runtime): the adapter's join, probe, chat and leave are what is under test; the stand-in
// plays host through its control API. One browser per file, a fresh context per test.

export interface AdapterSuiteOptions {
  adapter: PlatformAdapter;
  platform: StandInPlatform;
  /** The stand-in's base for this platform ("/meet", "/teams", "/zoom"). */
  basePath: string;
  /** A canonical meeting link and the meeting id the stand-in registers it under, for a fresh meeting. */
  meeting(n: number, passcode?: string): { url: string; id: string };
  supportsPasscode: boolean;
  /** The fatal subcode of this platform's sign-in wall. */
  signInSubcode: string;
}

export interface SuiteContext {
  standIn(): MeetingStandIn;
  /** Opens the meeting page in a fresh context and runs the adapter's join. */
  joinMeeting(link: { url: string }, options?: { passcode?: string | null; botName?: string; zak?: string | null }): Promise<Page>;
  register(id: string, scenario?: z.input<typeof meetingScenarioInput>): Promise<unknown>;
  control(): ReturnType<typeof meetingControl>;
}

const botName = "Parley Notetaker (Ana)";
const untilProbe = (adapter: PlatformAdapter, page: Page, timeout = 15_000) => ({
  toMatch: (expected: Partial<ProbeResult>) => expect.poll(() => adapter.probe(page), { timeout, interval: 100 }).toMatchObject(expected),
});
const speakingNames = (result: ProbeResult) => result.participants.filter((p) => p.isSpeaking).map((p) => p.name);

export function describeAdapterOnStandIn(options: AdapterSuiteOptions, extra?: (context: SuiteContext) => void): void {
  const { adapter, platform } = options;
  let standIn: MeetingStandIn;
  let browser: Browser;
  let counter = 0;
  const fresh = (passcode?: string) => options.meeting(++counter, passcode);
  const control = () => meetingControl(standIn.baseUrl);
  const register = (id: string, scenario: z.input<typeof meetingScenarioInput> = {}) => control().register(platform, id, scenario);

  async function joinMeeting(
    link: { url: string },
    { passcode = null, botName: name = botName, zak = null }: { passcode?: string | null; botName?: string; zak?: string | null } = {},
  ) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(adapter.joinUrl(link.url, `${standIn.baseUrl}${options.basePath}`, { zak }));
    await adapter.join(page, { botName: name, passcode });
    return page;
  }

  beforeAll(async () => {
    standIn = await startMeetingStandIn();
    browser = await launchBotBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await standIn?.close();
  });

  describe(`${platform} adapter on the stand-in`, () => {
    it("waits in the lobby, is admitted, lists both speakers, lights the one speaking, posts in the chat and leaves", async () => {
      const link = fresh();
      await register(link.id, { lobby: "manual" });
      const [ana, ben] = await Promise.all([
        startSpeaker({ baseUrl: standIn.baseUrl, meetingId: link.id, name: "Ana Silva", clipPath: clipPath("c1") }),
        startSpeaker({ baseUrl: standIn.baseUrl, meetingId: link.id, name: "Ben Okafor", clipPath: clipPath("c2") }),
      ]);
      try {
        const page = await joinMeeting(link);
        await untilProbe(adapter, page).toMatch({ phase: "waiting_room", fatal: null, participants: [] });
        expect((await control().get(link.id)).bot).toEqual({ state: "waiting", name: botName });

        await control().admit(link.id);
        await expect
          .poll(async () =>
            (await adapter.probe(page)).participants
              .map(({ name, isBot, isSpeaking }) => ({ name, isBot, isSpeaking }))
              .sort((a, b) => a.name.localeCompare(b.name)),
          )
          .toEqual([
            { name: "Ana Silva", isBot: false, isSpeaking: false },
            { name: "Ben Okafor", isBot: false, isSpeaking: false },
          ]);

        const speaking = ana.speak();
        await expect.poll(async () => speakingNames(await adapter.probe(page)), { timeout: 20_000, interval: 100 }).toEqual(["Ana Silva"]);
        await speaking;
        await expect.poll(async () => speakingNames(await adapter.probe(page)), { timeout: 5_000, interval: 100 }).toEqual([]);

        const consent = "Parley Notetaker is recording and transcribing this meeting.";
        expect(await adapter.sendChatMessage(page, consent)).toBe(true);
        await expect
          .poll(async () => (await control().get(link.id)).chat.map(({ from, text }) => ({ from, text })))
          .toEqual([{ from: botName, text: consent }]);

        await ben.leave();
        await expect.poll(async () => (await adapter.probe(page)).participants.map((p) => p.name)).toEqual(["Ana Silva"]);

        await adapter.leave(page);
        await untilProbe(adapter, page).toMatch({ phase: "ended", ending: null });
        expect((await control().get(link.id)).bot.state).toBe("left");
        await page.context().close();
      } finally {
        await Promise.all([ana.close(), ben.close()]);
      }
    });

    it("reports a link to no meeting as meeting_not_found", async () => {
      const page = await joinMeeting(fresh());
      await untilProbe(adapter, page).toMatch({ fatal: "meeting_not_found" });
      await page.context().close();
    });

    it.each([
      [{ signInRequired: true }, options.signInSubcode],
      [{ full: true }, "meeting_full"],
      [{ locked: true }, "meeting_locked"],
    ] as const)("reports the %o screen as its fatal subcode", async (scenario, subcode) => {
      const link = fresh();
      await register(link.id, scenario);
      const page = await joinMeeting(link);
      await untilProbe(adapter, page).toMatch({ fatal: subcode, phase: "joining" });
      await page.context().close();
    });

    it("tells denial at the door, removal from the call, the host ending the call and the platform's end timer apart", async () => {
      const denied = fresh();
      const kicked = fresh();
      const ended = fresh();
      const timed = fresh();
      await register(denied.id, { lobby: "manual" });
      await register(kicked.id);
      await register(ended.id, { lobby: "manual" });
      await register(timed.id, { endAfterMs: 300 });
      const [deniedPage, kickedPage, endedPage, timedPage] = await Promise.all([
        joinMeeting(denied),
        joinMeeting(kicked),
        joinMeeting(ended),
        joinMeeting(timed),
      ]);

      await untilProbe(adapter, deniedPage).toMatch({ phase: "waiting_room" });
      await control().deny(denied.id);
      await untilProbe(adapter, deniedPage).toMatch({ phase: "ended", ending: { kind: "removed", from: "waiting_room" } });

      await untilProbe(adapter, kickedPage).toMatch({ phase: "in_call" });
      await control().kick(kicked.id);
      await untilProbe(adapter, kickedPage).toMatch({ phase: "ended", ending: { kind: "removed", from: "call" } });

      await untilProbe(adapter, endedPage).toMatch({ phase: "waiting_room" });
      await control().admit(ended.id);
      await untilProbe(adapter, endedPage).toMatch({ phase: "in_call" });
      await control().end(ended.id);
      await untilProbe(adapter, endedPage).toMatch({ phase: "ended", ending: { kind: "meeting_ended", by: "host" } });

      await untilProbe(adapter, timedPage).toMatch({ phase: "ended", ending: { kind: "meeting_ended", by: "host" } });
      await Promise.all([deniedPage, kickedPage, endedPage, timedPage].map((page) => page.context().close()));
    });

    it("lists silent name-only participants, flags notetakers as bots and counts people in the lobby", async () => {
      const link = fresh();
      await register(link.id);
      await control().addParticipant(link.id, "Otter.ai Notetaker");
      await control().addParticipant(link.id, "Carla Gómez");
      const page = await joinMeeting(link);
      await untilProbe(adapter, page).toMatch({ phase: "in_call", waitingCount: 0 });
      expect((await adapter.probe(page)).participants.map(({ name, isBot }) => ({ name, isBot }))).toEqual([
        { name: "Otter.ai Notetaker", isBot: true },
        { name: "Carla Gómez", isBot: false },
      ]);
      await control().addWaiting(link.id, "Dan");
      await control().addWaiting(link.id, "Eve");
      await untilProbe(adapter, page).toMatch({ waitingCount: 2 });
      await control().removeParticipant(link.id, "Carla Gómez");
      await expect.poll(async () => (await adapter.probe(page)).participants.map((p) => p.name)).toEqual(["Otter.ai Notetaker"]);
      await page.context().close();
    });

    if (options.supportsPasscode)
      it("joins with the link's passcode and reports a wrong one as meeting_password_incorrect", async () => {
        const right = fresh("s3cret");
        const wrong = fresh("nope");
        await register(right.id, { password: "s3cret" });
        await register(wrong.id, { password: "s3cret" });
        const [rightPage, wrongPage] = await Promise.all([
          joinMeeting(right, { passcode: "s3cret" }),
          joinMeeting(wrong, { passcode: "nope" }),
        ]);
        await untilProbe(adapter, rightPage).toMatch({ phase: "in_call", fatal: null });
        await untilProbe(adapter, wrongPage).toMatch({ fatal: "meeting_password_incorrect" });
        await Promise.all([rightPage.context().close(), wrongPage.context().close()]);
      });

    extra?.({ standIn: () => standIn, joinMeeting, register, control });
  });
}

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { meetingControl } from "../../../../test/stand-ins/meetings/control-client";
import type { StandInPlatform } from "../../../../test/stand-ins/meetings/room-state";
import { type MeetingStandIn, startMeetingStandIn } from "../../../../test/stand-ins/meetings/server";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";

// Every way a meeting can go wrong, end to end (needs `npm run build`): the web launches real bot processes
// (one Chromium each) at the stand-in meeting pages, with the leave timers shortened; each scenario must
// end on the note with its exact code and subcode (spec sections 4 and 8), then `done`.

interface BotHistory {
  history: { code: string; subcode: string | null }[];
}
interface Scenario {
  name: string;
  platform: StandInPlatform;
  /** Sets up the stand-in meeting; returns the link to send. Unregistered meetings are "not found". */
  setUp(control: ReturnType<typeof meetingControl>, id: string): Promise<string>;
  /** What the test does once the bot reached the given stand-in state. */
  act?: { when: string; run(control: ReturnType<typeof meetingControl>, id: string): Promise<unknown> };
  expected: { code: string; subcode: string };
}

let sequence = 0;
const meetId = () => `sce-narz-${String(++sequence).padStart(3, "0")}`.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "a");
const zoomId = () => `8${String(Date.now()).slice(-6)}${String(++sequence).padStart(4, "0")}`;
const teamsId = () => `9${String(Date.now()).slice(-8)}${String(++sequence).padStart(4, "0")}`;
const meetLink = (id: string) => `https://meet.google.com/${id}`;
const zoomLink = (id: string, pwd = "Secret42") => `https://zoom.us/j/${id}?pwd=${pwd}`;
const teamsLink = (id: string) => `https://teams.live.com/meet/${id}?p=Secret42`;

type Control = ReturnType<typeof meetingControl>;
type ScenarioSwitches = Parameters<Control["register"]>[2];

/** A meeting registered with these switches; the bot is sent its link. */
function registered(platform: StandInPlatform, switches: ScenarioSwitches, link: (id: string) => string): Scenario["setUp"] {
  return async (control, id) => {
    await control.register(platform, id, switches);
    return link(id);
  };
}

const scenarios: Scenario[] = [
  {
    name: "meeting not found",
    platform: "google_meet",
    setUp: async (_control, id) => meetLink(id),
    expected: { code: "fatal", subcode: "meeting_not_found" },
  },
  {
    name: "wrong password",
    platform: "zoom",
    setUp: async (control, id) => {
      await control.register("zoom", id, { password: "Right-one" });
      return zoomLink(id, "Wrong-one");
    },
    expected: { code: "fatal", subcode: "meeting_password_incorrect" },
  },
  {
    name: "meeting full",
    platform: "microsoft_teams",
    setUp: registered("microsoft_teams", { full: true }, teamsLink),
    expected: { code: "fatal", subcode: "meeting_full" },
  },
  {
    name: "meeting locked",
    platform: "zoom",
    setUp: registered("zoom", { locked: true }, zoomLink),
    expected: { code: "fatal", subcode: "meeting_locked" },
  },
  {
    name: "sign-in required",
    platform: "google_meet",
    setUp: registered("google_meet", { signInRequired: true }, meetLink),
    expected: { code: "fatal", subcode: "meeting_requires_sign_in" },
  },
  {
    // The meeting page's host does not answer (no network to it): named as such, not "an error on our side".
    name: "platform unreachable",
    platform: "google_meet",
    setUp: registered("google_meet", { unreachable: true }, meetLink),
    expected: { code: "fatal", subcode: "meeting_platform_unreachable" },
  },
  {
    name: "registration required",
    platform: "zoom",
    setUp: registered("zoom", { registrationRequired: true }, zoomLink),
    expected: { code: "fatal", subcode: "zoom_registration_required" },
  },
  {
    name: "denied at the door",
    platform: "google_meet",
    setUp: registered("google_meet", { lobby: "manual" }, meetLink),
    act: { when: "waiting", run: (control, id) => control.deny(id) },
    expected: { code: "call_ended", subcode: "bot_kicked_from_waiting_room" },
  },
  {
    name: "nobody lets it in",
    platform: "microsoft_teams",
    setUp: registered("microsoft_teams", { lobby: "manual" }, teamsLink),
    expected: { code: "call_ended", subcode: "timeout_exceeded_waiting_room" },
  },
  {
    name: "removed from the call",
    platform: "zoom",
    setUp: async (control, id) => {
      await control.register("zoom", id, {});
      await control.addParticipant(id, "Carla Ruiz");
      return zoomLink(id);
    },
    act: { when: "in_call", run: (control, id) => control.kick(id) },
    expected: { code: "call_ended", subcode: "bot_kicked_from_call" },
  },
  {
    name: "no one joins",
    platform: "google_meet",
    setUp: registered("google_meet", {}, meetLink),
    expected: { code: "call_ended", subcode: "timeout_exceeded_noone_joined" },
  },
  {
    name: "no one speaks",
    platform: "microsoft_teams",
    setUp: async (control, id) => {
      await control.register("microsoft_teams", id, {});
      await control.addParticipant(id, "Carla Ruiz");
      return teamsLink(id);
    },
    expected: { code: "call_ended", subcode: "timeout_exceeded_silence_detected" },
  },
  {
    name: "only other bots left",
    platform: "google_meet",
    setUp: async (control, id) => {
      await control.register("google_meet", id, {});
      await control.addParticipant(id, "Otter.ai Notetaker");
      return meetLink(id);
    },
    expected: { code: "call_ended", subcode: "timeout_exceeded_only_bots_detected_using_participant_names" },
  },
  {
    name: "ended by the host",
    platform: "zoom",
    setUp: async (control, id) => {
      await control.register("zoom", id, {});
      await control.addParticipant(id, "Carla Ruiz");
      return zoomLink(id);
    },
    act: { when: "in_call", run: (control, id) => control.end(id) },
    expected: { code: "call_ended", subcode: "call_ended_by_host" },
  },
];

const idFor: Record<StandInPlatform, () => string> = { google_meet: meetId, zoom: zoomId, microsoft_teams: teamsId };

async function runScenario(
  web: RunningWeb,
  standIn: MeetingStandIn,
  client: TestClient,
  scenario: Scenario,
): Promise<BotHistory["history"]> {
  const control = meetingControl(standIn.baseUrl);
  const id = idFor[scenario.platform]();
  const link = await scenario.setUp(control, id);
  const answer = await client.api("POST", "/meetings/bots", { url: link });
  expect(answer.status, scenario.name).toBe(201);
  const { noteId } = (await answer.json()) as { noteId: string };
  if (scenario.act) {
    const { when, run } = scenario.act;
    await expect.poll(() => control.get(id).then((meeting) => meeting.bot.state), { timeout: 60_000, message: scenario.name }).toBe(when);
    await run(control, id);
  }
  const readBot = async () => (await (await client.api("GET", `/notes/${noteId}/bot`)).json()) as BotHistory;
  await expect.poll(async () => (await readBot()).history.at(-1)?.code, { timeout: 90_000, message: scenario.name }).toBe("done");
  const bot = await readBot();
  const note = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { note: { data: { meeting: unknown; active: boolean } } };
  expect(note.note.data.meeting, scenario.name).toEqual({ code: "done", subcode: scenario.expected.subcode });
  expect(web.url).toBeTruthy();
  return bot.history;
}

function startWebWithTimers(timers: Record<string, string>, standIn: MeetingStandIn): Promise<RunningWeb> {
  return startTestWeb("pglite", {
    AUTH_RATE_LIMIT_SCALE: "100",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-bot-scenarios-")),
    BOT_CAPACITY: "3",
    BOT_CONCURRENT_PER_USER: "20",
    // Scenarios run side by side for one user: the plan lets them.
    BILLING_FREE_LIMITS: JSON.stringify({
      transcriptionMinutesPerMonth: 300,
      uploadsPerMonth: 5,
      concurrentMeetings: 20,
      recordingMinutes: 30,
    }),
    BOT_GOOGLE_MEET_BASE_URL: `${standIn.baseUrl}/meet`,
    BOT_MICROSOFT_TEAMS_BASE_URL: `${standIn.baseUrl}/teams`,
    BOT_ZOOM_BASE_URL: `${standIn.baseUrl}/zoom`,
    // Nothing here is transcribed (no scenario records speech); the engine is never loaded.
    SPEECH_ENGINE: "pocketsphinx",
    ...timers,
  });
}

describe("meeting bot failure scenarios (real bots, stand-in meetings)", () => {
  let standIn: MeetingStandIn;
  let web: RunningWeb;
  let client: TestClient;

  beforeAll(async () => {
    standIn = await startMeetingStandIn({});
    web = await startWebWithTimers(
      {
        BOT_WAITING_ROOM_TIMEOUT_SECONDS: "4",
        BOT_NOONE_JOINED_TIMEOUT_SECONDS: "4",
        BOT_SILENCE_TIMEOUT_SECONDS: "5",
        BOT_SILENCE_ACTIVATE_AFTER_SECONDS: "0",
        BOT_ONLY_BOTS_TIMEOUT_SECONDS: "4",
        BOT_ONLY_BOTS_ACTIVATE_AFTER_SECONDS: "0",
      },
      standIn,
    );
    client = await verifiedClient(web, "scenarios@example.com");
    // One anti-forgery token before the scenarios send at once (each first fetch would set a new cookie).
    await client.csrf();
  }, 60_000);
  afterAll(async () => {
    await web?.stop();
    await standIn?.close();
  });

  it("ends each scenario with its exact code and subcode, then done", async () => {
    const histories = await Promise.all(scenarios.map((scenario) => runScenario(web, standIn, client, scenario)));
    for (const [index, history] of histories.entries()) {
      const scenario = scenarios[index] as Scenario;
      const codes = history.map((entry) => entry.code);
      expect(codes[0], scenario.name).toBe("joining_call");
      expect(history.at(-2), scenario.name).toMatchObject(scenario.expected);
      // A lobby timeout is not a denial, and the other way round.
      if (scenario.expected.subcode === "timeout_exceeded_waiting_room") expect(codes).toContain("in_waiting_room");
      // Nothing was heard in any of these calls: never "recording" silence.
      expect(codes, scenario.name).not.toContain("in_call_recording");
    }
  }, 240_000);
});

describe("meeting bot: the longest stay", () => {
  let standIn: MeetingStandIn;
  let web: RunningWeb;

  beforeAll(async () => {
    standIn = await startMeetingStandIn({});
    web = await startWebWithTimers({ BOT_MAX_DURATION_SECONDS: "8" }, standIn);
  }, 60_000);
  afterAll(async () => {
    await web?.stop();
    await standIn?.close();
  });

  it("leaves at the maximum duration with timeout_exceeded_max_duration", async () => {
    const client = await verifiedClient(web, "longest@example.com");
    const history = await runScenario(web, standIn, client, {
      name: "max duration",
      platform: "google_meet",
      setUp: async (control, id) => {
        await control.register("google_meet", id, {});
        await control.addParticipant(id, "Carla Ruiz");
        return meetLink(id);
      },
      expected: { code: "call_ended", subcode: "timeout_exceeded_max_duration" },
    });
    expect(history.map((entry) => entry.code)).toEqual(["joining_call", "in_call_not_recording", "call_ended", "done"]);
  }, 90_000);
});

import { z } from "zod";

// The meetings the stand-in knows, in memory: each one's scenario switches, the bot's place in it
// (prejoin, lobby, call, the screen that ended its stay), the other participants (speakers over WebRTC
// and name-only silent ones), people waiting in the lobby, the chat and an event log. The server turns
// requests into these transitions and pushes a snapshot to every open page after each one.

export const standInPlatforms = ["google_meet", "microsoft_teams", "zoom"] as const;
export type StandInPlatform = (typeof standInPlatforms)[number];

export const meetingScenarioInput = z
  .object({
    /** "none": the join button lets the bot straight in; "manual": it waits until admit or deny. */
    lobby: z.enum(["none", "manual"]).default("none"),
    /** Zoom and Teams: the passcode the join must carry (the link's pwd / p, or the passcode field). */
    password: z.string().min(1).nullable().default(null),
    full: z.boolean().default(false),
    locked: z.boolean().default(false),
    /** Meet "You can't join this video call", Teams' sign-in wall, Zoom "authorized attendees only". */
    signInRequired: z.boolean().default(false),
    /** Zoom only: the registration page instead of the join form. */
    registrationRequired: z.boolean().default(false),
    /** Zoom: "allow" or a recording_permission_denied subcode, shown once the bot is in; Zoom defaults to "allow". */
    recordingPermission: z.string().min(1).nullable().default(null),
    /** The host ends the meeting this long after the bot got in. */
    endAfterMs: z.number().int().positive().nullable().default(null),
    /** The meeting page's host closes the connection without an answer: a platform this server cannot reach. */
    unreachable: z.boolean().default(false),
  })
  .strict();
export type MeetingScenario = z.infer<typeof meetingScenarioInput>;

export const registerMeetingInput = z.object({
  platform: z.enum(standInPlatforms),
  id: z.string().min(1).max(300),
  scenario: meetingScenarioInput.default(meetingScenarioInput.parse({})),
});

/** The bot's place: prejoin before it knocks, then one of the screens the platform shows. */
export type BotState =
  | "prejoin"
  | "waiting"
  | "in_call"
  | "password_incorrect"
  | "full"
  | "locked"
  | "denied"
  | "removed_call"
  | "ended_by_host"
  | "left";

export interface RoomParticipant {
  id: string;
  name: string;
  /** A speaker page with a WebRTC microphone; false for name-only participants added by the control API. */
  hasMedia: boolean;
}

export interface RoomEvent {
  at: number;
  type: string;
  detail?: string;
}

export interface Meeting {
  platform: StandInPlatform;
  id: string;
  scenario: MeetingScenario;
  bot: { state: BotState; name: string | null; clientId: string | null };
  isEnded: boolean;
  participants: RoomParticipant[];
  waiting: string[];
  chat: { from: string; text: string; at: number }[];
  events: RoomEvent[];
  endTimer: NodeJS.Timeout | null;
}

export function newMeeting(platform: StandInPlatform, id: string, scenario: MeetingScenario): Meeting {
  const defaults = platform === "zoom" && scenario.recordingPermission === null ? { recordingPermission: "allow" } : {};
  return {
    platform,
    id,
    scenario: { ...scenario, ...defaults },
    bot: { state: "prejoin", name: null, clientId: null },
    isEnded: false,
    participants: [],
    waiting: [],
    chat: [],
    events: [{ at: Date.now(), type: "registered" }],
    endTimer: null,
  };
}

export function logEvent(meeting: Meeting, type: string, detail?: string): void {
  meeting.events.push({ at: Date.now(), type, ...(detail === undefined ? {} : { detail }) });
}

const passcodePlatforms: ReadonlySet<StandInPlatform> = new Set(["zoom", "microsoft_teams"]);

/** What the join button leads to, in the order the platforms check: passcode, capacity, lock, lobby. */
export function knockResult(meeting: Meeting, passcode: string | null): BotState {
  const { scenario } = meeting;
  if (meeting.isEnded) return "ended_by_host";
  if (scenario.password !== null && passcodePlatforms.has(meeting.platform) && passcode !== scenario.password) return "password_incorrect";
  if (scenario.full) return "full";
  if (scenario.locked) return "locked";
  return scenario.lobby === "manual" ? "waiting" : "in_call";
}

/** Who the bot sees in the call: everyone else, once it is in. */
export function visibleParticipants(meeting: Meeting): RoomParticipant[] {
  return meeting.bot.state === "in_call" ? meeting.participants : [];
}

/** The snapshot one page renders (the bot's page, or any page that has not knocked yet). */
export function pageSnapshot(meeting: Meeting | null, clientId: string) {
  if (!meeting) return { isKnown: false as const };
  const isBot = meeting.bot.clientId === clientId;
  const state: BotState = isBot ? meeting.bot.state : "prejoin";
  const inCall = state === "in_call";
  return {
    isKnown: true as const,
    platform: meeting.platform,
    needsPasscode: meeting.scenario.password !== null && passcodePlatforms.has(meeting.platform),
    signInRequired: meeting.scenario.signInRequired,
    registrationRequired: meeting.platform === "zoom" && meeting.scenario.registrationRequired,
    state,
    name: isBot ? meeting.bot.name : null,
    participants: inCall ? meeting.participants : [],
    waitingCount: inCall ? meeting.waiting.length : 0,
    chat: inCall ? meeting.chat.map(({ from, text }) => ({ from, text })) : [],
    recordingPermission: inCall ? meeting.scenario.recordingPermission : null,
  };
}

/** What GET /__meetings/<id> answers. */
export function meetingView(meeting: Meeting) {
  return {
    platform: meeting.platform,
    id: meeting.id,
    scenario: meeting.scenario,
    isEnded: meeting.isEnded,
    bot: { state: meeting.bot.state, name: meeting.bot.name },
    participants: meeting.participants.map(({ id, name, hasMedia }) => ({ id, name, hasMedia })),
    waiting: meeting.waiting,
    chat: meeting.chat,
  };
}

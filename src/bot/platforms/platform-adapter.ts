import type { Page } from "playwright-core";
import type { MeetingPlatform } from "~/shared/meetings/meeting-url";

// One adapter per platform (issue 6; research/meeting-bot.md "Recommended shape"): how to open the join
// page, fill the name and knock, read the page's state in one evaluate, post in the chat and leave. The
// runner owns everything else (status reducer, timers, capture, callbacks), so an adapter is only DOM
// knowledge; its selectors and texts live in `<platform>-selectors.ts` beside it.

export interface JoinOptions {
  botName: string;
  passcode: string | null;
}

/** Another person (or bot) in the call, as the page shows them. */
export interface SeenParticipant {
  /** Stable within one call (the platform's participant id, or the name when none is shown). */
  id: string;
  name: string;
  /** Named like a notetaker ("... Notetaker", "... Bot", Otter, Fireflies...): counts for the only-bots timer. */
  isBot: boolean;
  /** The platform's speaking indicator is lit for them now. */
  isSpeaking: boolean;
}

/** How the platform ended the bot's stay, when it did. */
export type SeenEnding =
  | { kind: "removed"; from: "waiting_room" | "call" }
  | { kind: "meeting_ended"; by: "host" | "platform_idle" | "platform_max_length" | "platform_waiting_room_timeout" | "unknown" };

export interface ProbeResult {
  phase: "joining" | "waiting_room" | "in_call" | "ended";
  /** A fatal subcode (meeting_not_found, meeting_password_incorrect, ...) when the page shows an error. */
  fatal: string | null;
  ending: SeenEnding | null;
  /** Everyone in the call except the bot itself; empty outside the call. */
  participants: SeenParticipant[];
  /** People waiting in the lobby while the bot is in the call (participant_in_waiting_room). */
  waitingCount: number;
  /** Recording consent where the platform asks for it (Zoom): null when the platform has none. */
  recordingPermission: { isAllowed: true } | { isAllowed: false; subcode: string } | null;
}

export interface PlatformAdapter {
  platform: MeetingPlatform;
  /**
   * The page to open for a canonical meeting link, on `baseUrl` (the platform's origin, or a stand-in);
   * `zak`: Zoom's join-as-a-signed-in-user key, when the owner connected Zoom (other platforms ignore it).
   */
  joinUrl(meetingUrl: string, baseUrl: string, options?: { zak?: string | null }): string;
  /** The platform's own origin, used when the job names no base URL. */
  defaultBaseUrl: string;
  /** Fills the name (and passcode), turns camera and microphone off, presses join; returns when knocked. */
  join(page: Page, options: JoinOptions): Promise<void>;
  /** One evaluate: what the page shows now. Never throws for a page in an unexpected state. */
  probe(page: Page): Promise<ProbeResult>;
  /** Posts in the meeting chat; false when the platform or meeting has no chat to post in. */
  sendChatMessage(page: Page, text: string): Promise<boolean>;
  /** Presses leave (best effort: the page may already be gone). */
  leave(page: Page): Promise<void>;
}

import type { ProbeConfig } from "./page-probe";

// Google Meet's web client as bots see it (Vexa-ai/vexa googlemeet/selectors.ts, screenappai/meeting-bot,
// peers' probes of "You can't join this video call"): the guest join form, the lobby texts, participant tiles
// with their speaking indicator, the chat panel and the end screens. English UI (the bot's Chromium runs
// with --lang=en). The stand-in (test/stand-ins/meetings/page/skin-meet.js) copies exactly these hooks.

export const meetSelectors = {
  nameInput: 'input[type="text"][aria-label="Your name"]',
  /** Guests "Ask to join"; people the meeting already admits get "Join now". */
  joinButton: /^(ask to join|join now)$/i,
  microphoneOff: '[role="button"][aria-label="Turn off microphone"], button[aria-label="Turn off microphone"]',
  cameraOff: '[role="button"][aria-label="Turn off camera"], button[aria-label="Turn off camera"]',
  leaveButton: 'button[aria-label="Leave call"]',
  chatButton: 'button[aria-label="Chat with everyone"]',
  chatInput: 'textarea[aria-label="Send a message"]',
  chatSend: 'button[aria-label="Send a message"]',
} as const;

export const meetProbe: ProbeConfig = {
  fatalTexts: [
    ["check your meeting code", "meeting_not_found"],
    ["invalid video call name", "meeting_not_found"],
    ["you can't join this video call", "meeting_requires_sign_in"],
    ["you can’t join this video call", "meeting_requires_sign_in"],
    ["this call is full", "meeting_full"],
    ["the host has locked this call", "meeting_locked"],
  ],
  endingTexts: [
    ["denied your request to join", { kind: "removed", from: "waiting_room" }],
    ["no one responded to your request to join", { kind: "meeting_ended", by: "platform_waiting_room_timeout" }],
    ["you've been removed from the meeting", { kind: "removed", from: "call" }],
    ["the host ended the meeting for everyone", { kind: "meeting_ended", by: "host" }],
    ["you left the meeting", null],
  ],
  waitingTexts: ["asking to be let in", "you'll join the call when someone lets you in"],
  inCallSelector: "[data-participant-id]",
  participant: {
    item: "[data-participant-id]",
    idAttribute: "data-participant-id",
    name: "span.notranslate",
    self: "[data-self-name]",
    speaking: '[data-audio-level]:not([data-audio-level="0"])',
  },
  // "Admit 2 guests" / "Someone wants to join this call" while the bot is in.
  waitingCountSelector: 'button[aria-label^="Admit"]',
  recordingPermissionTexts: null,
};

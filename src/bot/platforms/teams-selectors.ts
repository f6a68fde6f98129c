import type { ProbeConfig } from "./page-probe";

// Microsoft Teams' web client for anonymous guests (Vexa-ai/vexa msteams/selectors.ts, peers' chat helpers
// with data-tid="ckeditor" / "newMessageCommands-send"): the launcher's "Continue on this browser", the
// pre-join name field, #prejoin-join-button, the lobby, the call toolbar (#roster-button, #chat-button,
// #hangup-button), participant tiles with the voice-level outline, the end screens. The stand-in
// (test/stand-ins/meetings/page/skin-teams.js) copies exactly these hooks.

export const teamsSelectors = {
  continueOnBrowser: 'button[data-tid="joinOnWeb"]',
  nameInput: 'input[data-tid="prejoin-display-name-input"]',
  passcodeInput: 'input[data-tid="prejoin-passcode-input"]',
  /** Switches that are on before joining: turned off so the bot sends neither video nor sound. */
  cameraOn: 'input[data-tid="toggle-video"]:checked',
  microphoneOn: 'input[data-tid="toggle-mute"]:checked',
  joinButton: "#prejoin-join-button",
  hangupButton: "#hangup-button",
  chatButton: "#chat-button",
  chatInput: '[data-tid="ckeditor"][contenteditable="true"]',
  chatSend: 'button[data-tid="newMessageCommands-send"]',
} as const;

export const teamsProbe: ProbeConfig = {
  fatalTexts: [
    ["we couldn't find this meeting", "meeting_not_found"],
    ["this meeting link is invalid", "meeting_not_found"],
    ["sign in to join this meeting", "microsoft_teams_sign_in_credentials_missing"],
    ["the meeting passcode is incorrect", "meeting_password_incorrect"],
    ["this meeting is full", "meeting_full"],
    ["the organizer has locked this meeting", "meeting_locked"],
  ],
  endingTexts: [
    ["sorry, but you were denied access to the meeting", { kind: "removed", from: "waiting_room" }],
    ["you've been removed from this meeting", { kind: "removed", from: "call" }],
    ["the organizer ended the meeting for everyone", { kind: "meeting_ended", by: "host" }],
    ["you left the meeting", null],
  ],
  waitingTexts: ["someone will let you in soon", "someone will let you in shortly", "waiting for someone to let you in"],
  inCallSelector: "#roster-button",
  participant: {
    item: '[data-cid="calling-participant-stream"]',
    idAttribute: "data-participant-id",
    name: '[data-tid="participant-name"]',
    self: null,
    speaking: '[data-tid="voice-level-stream-outline"]',
  },
  waitingCountSelector: '[data-tid="lobby-notification"]',
  recordingPermissionTexts: null,
};

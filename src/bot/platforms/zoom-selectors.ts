import type { ProbeConfig } from "./page-probe";

// Zoom's web client (app.zoom.us/wc/<id>/join; Vexa-ai/vexa zoom/web/selectors.ts "verified from live DOM",
// other bots' ZoomUILabel tables): #input-for-name, #input-for-pwd, the preview join/mute/video buttons,
// the waiting room text, the footer (Leave, participants, chat), gallery avatars with their name footer,
// the rich-text chat box and the .zm-modal-body-title end and error modals. Recording consent has no web
// client equivalent: the stand-in shows the host's answer as a notice, with the texts below, so the
// recording_permission_* statuses have a path to test. The stand-in (page/skin-zoom.js) copies these hooks.

export const zoomSelectors = {
  nameInput: "#input-for-name",
  passcodeInput: "#input-for-pwd",
  joinButton: "button.preview-join-button",
  previewMute: '#preview-audio-control-button[aria-label="Mute"]',
  previewStopVideo: '#preview-video-control-button[aria-label="Stop Video"]',
  continueWithoutDevices: 'button:has-text("Continue without microphone and camera")',
  leaveButton: 'button[aria-label="Leave"]',
  leaveConfirm: "button.leave-meeting-options__btn--danger",
  waitingRoomLeave: 'button:has-text("Leave Meeting")',
  chatButton: 'button[aria-label*="chat panel"]',
  chatInput: '.chat-rtf-box__editor-outer [contenteditable="true"]',
  chatSend: 'button[aria-label="send"]',
} as const;

/** The host's answer to the bot's recording request: "allow" or the recording_permission_denied subcode. */
export const zoomRecordingPermissionTexts = [
  ["the host allowed you to record this meeting", "allow"],
  ["local recording is disabled for this meeting", "zoom_local_recording_disabled"],
  ["requests to record locally are turned off for this account", "zoom_local_recording_request_disabled"],
  ["the host has turned off recording requests", "zoom_local_recording_request_disabled_by_host"],
  ["the host is not in the meeting to allow recording", "zoom_host_not_present"],
  ["the host denied your request to record", "zoom_local_recording_request_denied_by_host"],
  ["recording permission was not granted", "zoom_local_recording_denied"],
  ["the host's client cannot grant recording permission", "zoom_local_recording_grant_not_supported"],
  ["recording by this app is blocked by the host's account admin", "zoom_sdk_key_blocked_by_host_admin"],
] as const;

export const zoomProbe: ProbeConfig = {
  fatalTexts: [
    ["this meeting link is invalid", "meeting_not_found"],
    ["invalid meeting id", "meeting_not_found"],
    ["passcode wrong", "meeting_password_incorrect"],
    ["registration is required to join this meeting", "zoom_registration_required"],
    ["this meeting is for authorized attendees only", "meeting_requires_sign_in"],
    ["this meeting has reached its participant limit", "meeting_full"],
    ["this meeting has been locked by the host", "meeting_locked"],
  ],
  endingTexts: [
    ["the host has removed you from the waiting room", { kind: "removed", from: "waiting_room" }],
    ["you have been removed from this meeting", { kind: "removed", from: "call" }],
    ["this meeting has been ended by host", { kind: "meeting_ended", by: "host" }],
    ["you have left the meeting", null],
  ],
  waitingTexts: ["please wait, the meeting host will let you in soon", "waiting for the host to start this meeting"],
  inCallSelector: ".meeting-app",
  participant: {
    item: ".gallery-video-container__video-frame",
    idAttribute: "data-participant-id",
    name: ".video-avatar__avatar-footer",
    self: ".gallery-video-container__video-frame--self",
    speaking: ".gallery-video-container__video-frame--active",
  },
  waitingCountSelector: ".waiting-room-list-notification",
  recordingPermissionTexts: zoomRecordingPermissionTexts,
};

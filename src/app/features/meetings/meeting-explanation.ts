import {
  failedEndingSubcodes,
  isIn,
  onlyBotsPrefix,
  onlyBotsSubcodes,
  permissionDeniedSubcodes,
  successEndingSubcodes,
  usageLimitSubcodes,
} from "~/shared/notes/meeting-endings";
import { type MeetingStatus, meetingDisplayCode, usageLimitCode } from "~/shared/notes/statuses";

// Which plain-language explanation (meetings catalog `explanations.*`) a meeting note's bot status gets:
// spec section 8 (fatal and permission-denied subcodes), section 4 (call_ended subcodes, success endings,
// the usage limit) and research/recall-status-codes.md. Keys follow the subcode, because `done` keeps the
// subcode of the ending before it (done / meeting_not_found explains the same as fatal / meeting_not_found).
// Subcode names are the platforms' and may grow without notice: unknown ones get their group's catch-all.

/** spec section 8 "Bot fatal subcodes" (+ the generic fatal subcodes of the research) that have their own text. */
export const fatalSubcodes = [
  "meeting_password_incorrect",
  "meeting_locked",
  "meeting_full",
  "meeting_ended",
  "zoom_email_blocked_by_admin",
  "zoom_registration_required",
  "zoom_join_timeout",
  "microsoft_teams_sign_in_credentials_missing",
  "meeting_not_found",
  "meeting_link_expired",
  "meeting_link_invalid",
  "meeting_not_started",
  "meeting_requires_sign_in",
  "meeting_requires_registration",
  "microsoft_teams_call_dropped",
  // Ours: the meeting page did not load at all (no DNS, connection refused or reset, offline, no answer):
  // the server running the notetaker could not reach the platform. Not our error, not the meeting's.
  "meeting_platform_unreachable",
  "bot_errored",
] as const;

/** spec section 8: "a group of zoom internal, sdk, captcha and account errors" (one text for all). */
export const zoomPlatformFatalSubcodes = [
  "zoom_internal_error",
  "zoom_sdk_credentials_missing",
  "zoom_sdk_update_required",
  "zoom_sdk_app_not_published",
  "zoom_captcha_required",
  "zoom_account_blocked",
  "zoom_invalid_join_token",
  "zoom_invalid_signature",
  "zoom_connection_failed",
  "zoom_email_required",
  "zoom_web_disallowed",
  "zoom_error_multiple_device_join",
  "zoom_meeting_not_accessible",
  "zoom_meeting_host_inactive",
  "zoom_invalid_webinar_invite",
] as const;

/** spec section 8: "a group of google_meet sign-in, bot_blocked and video errors" (one text for all). */
export const googleMeetPlatformFatalSubcodes = [
  "google_meet_internal_error",
  "google_meet_sign_in_failed",
  "google_meet_sign_in_captcha_failed",
  "google_meet_bot_blocked",
  "google_meet_sso_sign_in_failed",
  "google_meet_sign_in_missing_login_credentials",
  "google_meet_sign_in_missing_recovery_credentials",
  "google_meet_sso_sign_in_missing_login_credentials",
  "google_meet_sso_sign_in_missing_totp_secret",
  "google_meet_video_error",
  "google_meet_meeting_room_not_ready",
  "google_meet_login_not_available",
  "google_meet_permission_denied_breakout",
] as const;

/** Codes that say where the bot is on its way, explained without a subcode. */
export const progressCodes = [
  "joining_call",
  "in_waiting_room",
  "participant_in_waiting_room",
  "in_call_not_recording",
  "recording_permission_allowed",
  "in_call_recording",
] as const;

export type ExplanationTone = "progress" | "success" | "warning" | "error";

export interface MeetingExplanation {
  /** A key of the meetings catalog. */
  key: string;
  tone: ExplanationTone;
  /** spec section 5: zoom_registration_required tells the user to connect the meeting service (/settings/calendar). */
  hasConnectLink: boolean;
}

const explain = (key: string, tone: ExplanationTone, hasConnectLink = false): MeetingExplanation => ({ key, tone, hasConnectLink });

function explainFatal(subcode: string | null): MeetingExplanation {
  if (isIn(fatalSubcodes, subcode)) return explain(`explanations.fatal.${subcode}`, "error", subcode === "zoom_registration_required");
  if (isIn(zoomPlatformFatalSubcodes, subcode) || subcode?.startsWith("zoom_")) return explain("explanations.fatal.zoomPlatform", "error");
  if (isIn(googleMeetPlatformFatalSubcodes, subcode) || subcode?.startsWith("google_meet_")) {
    return explain("explanations.fatal.googleMeetPlatform", "error");
  }
  return explain("explanations.fatal.other", "error");
}

/** The ending's explanation, or null when the subcode is not an ending's. */
function explainEnding(subcode: string | null): MeetingExplanation | null {
  if (subcode === null) return explain("explanations.ended.success", "success");
  if (isIn(successEndingSubcodes, subcode)) return explain(`explanations.ended.${subcode}`, "success");
  if (subcode === "timeout_exceeded_in_call_recording") return explain(`explanations.ended.${subcode}`, "warning");
  if (isIn(failedEndingSubcodes, subcode)) {
    // Leaving because the user asked is no failure; the others cost (part of) the recording.
    return explain(`explanations.ended.${subcode}`, subcode === "bot_received_leave_call" ? "success" : "warning");
  }
  if (subcode.startsWith(onlyBotsPrefix)) return explain("explanations.ended.onlyBots", "warning");
  return null;
}

function explainUsageLimit(subcode: string | null): MeetingExplanation {
  if (isIn(usageLimitSubcodes, subcode)) return explain(`explanations.usageLimit.${subcode}`, "warning");
  return explain("explanations.usageLimit.other", "warning");
}

function explainPermissionDenied(subcode: string | null): MeetingExplanation {
  if (isIn(permissionDeniedSubcodes, subcode)) return explain(`explanations.permissionDenied.${subcode}`, "warning");
  return explain("explanations.permissionDenied.other", "warning");
}

/** The explanation of a meeting note's current bot status (code and subcode). */
export function explainMeetingStatus({ code, subcode: given }: MeetingStatus): MeetingExplanation {
  const subcode = given ?? null;
  switch (code) {
    case "joining_call":
    case "in_waiting_room":
    case "participant_in_waiting_room":
    case "in_call_not_recording":
    case "recording_permission_allowed":
    case "in_call_recording":
      return explain(`explanations.progress.${code}`, "progress");
    case "recording_permission_denied":
      return explainPermissionDenied(subcode);
    case "fatal":
      return explainFatal(subcode);
    case "call_ended":
      return explainEnding(subcode) ?? explain("explanations.ended.other", "warning");
    case usageLimitCode:
      return explainUsageLimit(subcode);
    case "done": {
      // `done` carries the subcode of what ended the bot: the same explanation as that status.
      if (subcode === null) return explain("explanations.ended.success", "success");
      if (isIn(usageLimitSubcodes, subcode)) return explainUsageLimit(subcode);
      if (isIn(permissionDeniedSubcodes, subcode)) return explainPermissionDenied(subcode);
      return explainEnding(subcode) ?? explainFatal(subcode);
    }
  }
}

/**
 * Endings after which the same link cannot work (a new link, a new meeting or a bigger plan is needed), so
 * "Send again" is not offered: the link is wrong, the meeting is over, or the meeting's set-up never allows
 * a recording notetaker.
 */
const endingsWithoutResend: ReadonlySet<string> = new Set([
  "meeting_password_incorrect",
  "meeting_ended",
  "meeting_not_found",
  "meeting_link_expired",
  "meeting_link_invalid",
  "zoom_local_recording_grant_not_supported",
  "zoom_sdk_key_blocked_by_host_admin",
  "timeout_exceeded_max_duration",
  "timeout_exceeded_silence_detected",
  ...onlyBotsSubcodes,
]);

/**
 * Whether the meeting panel offers "Send again" (the same link, through the send flow): once the bot has
 * shut down (`done`: a new send for the same meeting is allowed then, one bot per meeting and user) after an
 * ending whose cause can go away: the network or the platform failed, or the host can let it in, unlock the
 * meeting, allow guests or allow recording. Not after a complete meeting or a plan limit.
 */
export function canSendAgain(status: MeetingStatus): boolean {
  const subcode = status.subcode ?? null;
  if (status.code !== "done" || subcode === null) return false;
  const code = meetingDisplayCode(status);
  if (code === usageLimitCode || subcode === "timeout_exceeded_in_call_recording") return false;
  if (isIn(successEndingSubcodes, subcode) || subcode.startsWith(onlyBotsPrefix)) return false;
  return !endingsWithoutResend.has(subcode);
}

// The subcodes of a meeting bot's statuses, grouped by what they mean (spec sections 4 and 8,
// research/recall-status-codes.md). `done` keeps the subcode of the ending before it, so these groups also
// say what a `done` status ended as (statuses.ts, meetingDisplayCode). Subcode names are the platforms' and
// may grow without notice: an unknown one counts as a fatal error, as the explanations read it.

/** spec section 8 "Permission-denied subcodes" (Zoom asks the host before a participant may record). */
export const permissionDeniedSubcodes = [
  "zoom_bot_in_waiting_room",
  "zoom_local_recording_disabled",
  "zoom_local_recording_request_disabled",
  "zoom_local_recording_request_disabled_by_host",
  "zoom_host_not_present",
  "zoom_local_recording_request_denied_by_host",
  "zoom_local_recording_denied",
  "zoom_local_recording_grant_not_supported",
  "zoom_sdk_key_blocked_by_host_admin",
] as const;

/** spec section 4 call_ended subcodes that are not a success (the recording may be missing or cut short). */
export const failedEndingSubcodes = [
  "bot_kicked_from_waiting_room",
  "call_ended_by_platform_waiting_room_timeout",
  "timeout_exceeded_waiting_room",
  "timeout_exceeded_noone_joined",
  "timeout_exceeded_silence_detected",
  "timeout_exceeded_max_duration",
  "timeout_exceeded_in_call_not_recording",
  // interpretations 20: the free plan's recording limit, shown as 'usage limit exceeded'.
  "timeout_exceeded_in_call_recording",
  "timeout_exceeded_recording_permission_denied",
  "bot_received_leave_call",
  "bot_kicked_from_call",
] as const;

/** spec section 4 `timeout_exceeded_only_bots_*`: every variant reads the same. */
export const onlyBotsPrefix = "timeout_exceeded_only_bots_";
export const onlyBotsSubcodes = [
  "timeout_exceeded_only_bots_detected_using_participant_names",
  "timeout_exceeded_only_bots_detected_using_participant_events",
  "timeout_exceeded_only_bots_in_call",
] as const;

/** spec section 4 success endings (the default ending, no subcode, is one too). */
export const successEndingSubcodes = [
  "call_ended_by_host",
  "call_ended_by_platform_idle",
  "call_ended_by_platform_max_length",
  "timeout_exceeded_everyone_left",
] as const;

/** spec section 4: the usage-limit code's subcodes. */
export const usageLimitSubcodes = [
  "concurrent_meetings_limit_exceeded",
  "transcription_minutes_limit_exceeded",
  "upload_count_limit_exceeded",
] as const;

export const isIn = (list: readonly string[], value: string | null): boolean => value !== null && list.includes(value);

/** Whether a call_ended subcode names one of the endings above (a success, a failure, or only bots left). */
export function isEndingSubcode(subcode: string): boolean {
  return isIn(successEndingSubcodes, subcode) || isIn(failedEndingSubcodes, subcode) || subcode.startsWith(onlyBotsPrefix);
}

/** The kind of status a subcode belongs to; anything unnamed is a fatal error (the explanations read it so). */
export function subcodeGroup(subcode: string): "usageLimit" | "permissionDenied" | "ended" | "fatal" {
  if (isIn(usageLimitSubcodes, subcode)) return "usageLimit";
  if (isIn(permissionDeniedSubcodes, subcode)) return "permissionDenied";
  if (isEndingSubcode(subcode)) return "ended";
  return "fatal";
}

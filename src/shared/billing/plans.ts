// spec sections 1, 3 and 6, interpretations 4 and 20: plans, their limits and what a 402 names. No zod here:
// the dashboard imports these names; the run-time check of Limits (limits-schema.ts) is for the API and settings.

export const planIds = ["free", "pro"] as const;
export type PlanId = (typeof planIds)[number];

/** The limits map of a plan; null = unlimited (spec section 3 "Plan data"). Checked by limits-schema.ts. */
export interface Limits {
  /** Transcribed minutes per calendar month (UTC), each note rounded up. */
  transcriptionMinutesPerMonth: number | null;
  /** Files and documents uploaded per calendar month. */
  uploadsPerMonth: number | null;
  /** Meeting bots at once. */
  concurrentMeetings: number | null;
  /** Longest meeting recording, in minutes (the bot leaves with timeout_exceeded_in_call_recording). */
  recordingMinutes: number | null;
}
export type LimitName = keyof Limits;

/** interpretations 4. */
export const defaultLimits: Record<PlanId, Limits> = {
  free: { transcriptionMinutesPerMonth: 300, uploadsPerMonth: 5, concurrentMeetings: 1, recordingMinutes: 30 },
  pro: { transcriptionMinutesPerMonth: 6000, uploadsPerMonth: null, concurrentMeetings: 3, recordingMinutes: null },
};

/** Every limit off: both plans of an install without payments, unless its operator set limits (interpretations 29). */
export const unlimitedLimits: Limits = {
  transcriptionMinutesPerMonth: null,
  uploadsPerMonth: null,
  concurrentMeetings: null,
  recordingMinutes: null,
};

/**
 * `errorSource` of a 402: which limit was reached. The bot's `parley_usage_limit_exceeded` subcode is
 * `${errorSource}_limit_exceeded` (spec section 4).
 */
export const limitErrorSources = ["transcription_minutes", "upload_count", "concurrent_meetings"] as const;
export type LimitErrorSource = (typeof limitErrorSources)[number];

export const limitOfErrorSource: Record<LimitErrorSource, LimitName> = {
  transcription_minutes: "transcriptionMinutesPerMonth",
  upload_count: "uploadsPerMonth",
  concurrent_meetings: "concurrentMeetings",
};

/** Where else the paywall opens from (analytics `source`): a 402's errorSource or one of these. */
export const paywallSources = [...limitErrorSources, "onboarding", "upgrade_button", "settings_billing", "checkout_page"] as const;
export type PaywallSource = (typeof paywallSources)[number];

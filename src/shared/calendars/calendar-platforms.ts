// The calendar providers of spec section 1 and the states a connection can be in (issue 18).

export const calendarPlatforms = ["google_calendar", "microsoft_outlook"] as const;
export type CalendarPlatform = (typeof calendarPlatforms)[number];

/** `reconnect`: the provider refused the stored grant (revoked or expired); the user must connect again. */
export const connectionStatuses = ["active", "reconnect"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** Who gets the recap e-mail (interpretations 30: the owner unless the user chooses the attendees). */
export const recapRecipientChoices = ["owner", "attendees"] as const;
export type RecapRecipients = (typeof recapRecipientChoices)[number];

/** How events stay fresh: provider push notifications (needs a public URL) or polling on a schedule. */
export const syncModes = ["push", "polling"] as const;
export type SyncMode = (typeof syncModes)[number];

/** Why an event's join toggle is off and disabled. */
export const joinBlockedReasons = ["no_meeting_link", "all_day", "cancelled", "ended"] as const;
export type JoinBlockedReason = (typeof joinBlockedReasons)[number];

/**
 * Why the automatic send did not happen for an event that wanted it: the plan's limit, a bot already in
 * that meeting, the event was over 10 minutes under way when it was seen, or the calendar needs reconnecting.
 */
export const autoJoinSkipReasons = ["usage_limit", "already_in_meeting", "started_too_long_ago", "invalid_link"] as const;
export type AutoJoinSkipReason = (typeof autoJoinSkipReasons)[number];

/** spec section 9: the calendar view shows 7 days (10,080 minutes) from the selected day's start. */
export const calendarWindowMinutes = 10_080;
/** An event under way for longer than this is not joined automatically (issue 18). */
export const autoJoinLateMinutes = 10;
/** The bot is sent about this long before the start. */
export const autoJoinLeadSeconds = 60;

// Issue 21: a client that retries a note-creating call after a dropped answer sends the same Idempotency-Key
// and gets the first answer again instead of a second note (the IETF httpapi Idempotency-Key draft's rules:
// 422 for the key with another request, 409 while the first is still running).

/** Stripe's and the draft's usual window: a retry a day later is a new request. */
export const keyLifetimeMs = 24 * 60 * 60 * 1000;
/**
 * A claim with no answer after 2 minutes belongs to a process that died mid-request (note creation answers
 * in seconds): a retry may take it over rather than getting 409 for a day.
 */
export const abandonedClaimMs = 2 * 60 * 1000;
/** Keys are client-chosen (a UUID is typical): printable ASCII, at most 255 characters. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

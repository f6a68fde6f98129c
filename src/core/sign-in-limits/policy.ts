// Issue 21: sign-in limits per account, on top of better-auth's per-address ones (10 a minute per address).
// 10 failed passwords for one e-mail within 15 minutes lock password sign-in to it for 5 minutes, from every
// address. An attacker gets at most ~2 guesses a minute at one account however many addresses it has; the
// real owner waits 5 minutes at worst, and the lock ends by itself (no mail, no support).

export const failureWindowMs = 15 * 60 * 1000;
export const maxFailuresPerWindow = 10;
export const lockMs = 5 * 60 * 1000;

/** The key the limits count under: the address as typed, trimmed and lower-cased. */
export function signInLimitKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Codes a failed social sign-in can put in `?error=` on the errorCallbackURL (better-auth's callback
 * codes plus the provider's own `access_denied`); the login page maps each to a translated message.
 * `email_not_found`: the provider gave no e-mail (a Facebook account without one, or the person
 * withheld it), so no account can be made.
 */
export const socialSignInErrorCodes = [
  "access_denied",
  "email_not_found",
  "unable_to_get_user_info",
  "invalid_code",
  "state_mismatch",
  "state_not_found",
  "account_not_linked",
  "BANNED_USER",
] as const;

export type SocialSignInErrorCode = (typeof socialSignInErrorCodes)[number];

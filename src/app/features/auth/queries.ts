// The calls to better-auth's own endpoints under /api/auth/* (sign-in, sign-up, verification, reset, e-mail
// change). They are served by better-auth's handler, not by our routes, so /api/openapi.json does not
// describe them and the typed client cannot check them (decision 021): they stay on apiRequest, with
// better-auth's bodies and the parts of its answers we read written once here. Errors arrive as ApiError
// with better-auth's `code` (see auth-errors.ts).

import { apiRequest } from "~/app/api/api-client";
import { api, call } from "~/app/api/typed-api";
import type { SignInProviderId } from "~/shared/accounts/account-summary";

/** POST /auth/sign-in/email. */
export interface EmailSignInBody {
  email: string;
  password: string;
  /** false: a session that ends with the browser; better-auth's default is true. */
  rememberMe?: boolean;
}

/** POST /auth/sign-up/email. */
export interface EmailSignUpBody {
  name: string;
  email: string;
  password: string;
}

/** POST /auth/sign-in/social: where the provider sends the person back in each case. */
export interface SocialSignInBody {
  provider: SignInProviderId;
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
}

/** Sign-in and sign-up answer the session's token (null when sign-up does not sign in) and the user. */
interface SessionAnswer {
  token: string | null;
}

/** Social sign-in answers the provider's authorization URL (none when an id token signed in directly). */
interface SocialSignInAnswer {
  url?: string;
  redirect: boolean;
}

/** Resets, verification mails and e-mail changes answer only that they were done. */
interface StatusAnswer {
  status: boolean;
}

/** Starts a session for an e-mail and password account (the session cookie comes with the answer). */
export async function signInWithEmail(body: EmailSignInBody): Promise<void> {
  await apiRequest<SessionAnswer>("POST", "/auth/sign-in/email", { body });
}

/** Creates a password account; it answers alike for new and taken addresses. */
export async function signUpWithEmail(body: EmailSignUpBody): Promise<void> {
  await apiRequest<SessionAnswer>("POST", "/auth/sign-up/email", { body });
}

/** The provider's authorization URL to send the person to; undefined when better-auth gave none. */
export async function startSocialSignIn(body: SocialSignInBody): Promise<string | undefined> {
  return (await apiRequest<SocialSignInAnswer>("POST", "/auth/sign-in/social", { body })).url;
}

/** Signs in with the credential Google One Tap handed the page. */
export async function signInWithOneTap(idToken: string): Promise<void> {
  await apiRequest<SessionAnswer>("POST", "/auth/one-tap/callback", { body: { idToken } });
}

/** Mails a reset link leading to `redirectTo`; answers alike whether or not the address has an account. */
export async function requestPasswordReset(body: { email: string; redirectTo: string }): Promise<void> {
  await apiRequest<StatusAnswer>("POST", "/auth/request-password-reset", { body });
}

/** Sets a new password with the reset link's token; better-auth ends every session of the account. */
export async function resetPassword(body: { token: string; newPassword: string }): Promise<void> {
  await apiRequest<StatusAnswer>("POST", "/auth/reset-password", { body });
}

/** Confirms the address (or the new address of an e-mail change) with the mailed link's token. */
export async function verifyEmail(token: string): Promise<void> {
  await apiRequest<StatusAnswer>("GET", "/auth/verify-email", { query: { token } });
}

/** Whether the signed-in user's address is confirmed by now (our GET /user, typed by the API's contract). */
export async function isEmailVerified(): Promise<boolean> {
  return (await call(api().GET("/user"))).payload.emailVerified;
}

/** Mails another verification link to the signed-in user's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiRequest<StatusAnswer>("POST", "/auth/send-verification-email", { body: { email } });
}

/** Mails a confirmation link to the new address (the change happens on that link). */
export async function requestEmailChange(body: { newEmail: string; callbackURL: string }): Promise<void> {
  await apiRequest<StatusAnswer>("POST", "/auth/change-email", { body });
}

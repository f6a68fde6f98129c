import { revokeGoogleToken } from "~/infra/calendar/google-calendar-client";
import { authorizationUrl, exchangeCode, InvalidGrantError, type OAuthTokens } from "~/infra/oauth/oauth-client";
import { newCodeVerifier, newOAuthState } from "~/infra/oauth/pkce";
import type { CalendarPlatform } from "~/shared/calendars/calendar-platforms";
import { googleClientOf, graphClientOf } from "./calendar-access";
import type { CalendarDeps } from "./calendar-deps";
import { type CalendarConnectionRow, findConnection, readUserEmail } from "./data";
import { enqueueCalendarSync } from "./jobs";
import { consumeOAuthState, deleteConnection, saveConnection, saveOAuthState } from "./mutations";
import { stopPush } from "./push-channels";

// Connecting and disconnecting a calendar (issue 18): OAuth with PKCE and a server-side state (single use,
// 10 minutes, the same user), tokens sealed before they are stored; disconnect stops push, revokes the
// grant where the provider has a revoke endpoint (Google; Microsoft has none) and forgets everything.

/** The callback's redirect_uri: the same on the authorize and token requests. */
export function calendarRedirectUri(origin: string, platform: CalendarPlatform): string {
  return `${origin}/api/calendar/oauth/${platform}/callback`;
}

export async function startCalendarConnect(
  deps: CalendarDeps,
  { userId, platform, returnUrl, redirectUri }: { userId: string; platform: CalendarPlatform; returnUrl: string; redirectUri: string },
): Promise<{ authorizationUrl: string } | null> {
  const config = deps.settings.oauth[platform];
  if (!config) return null;
  const state = newOAuthState();
  const codeVerifier = newCodeVerifier();
  await saveOAuthState(deps.db, { state, userId, provider: platform, codeVerifier, returnUrl });
  // login_hint: the consent screen proposes the account the user signed up with.
  const loginHint = await readUserEmail(deps.db, { userId });
  return { authorizationUrl: authorizationUrl(config, { redirectUri, state, codeVerifier, loginHint }) };
}

export type CallbackOutcome =
  | { kind: "connected"; returnUrl: string }
  | { kind: "failed"; returnUrl: string | null; code: "invalid_state" | "provider_error" };

export async function finishCalendarConnect(
  deps: CalendarDeps,
  {
    userId,
    platform,
    state,
    code,
    redirectUri,
  }: { userId: string; platform: CalendarPlatform; state: string; code: string; redirectUri: string },
): Promise<CallbackOutcome> {
  const config = deps.settings.oauth[platform];
  const round = await consumeOAuthState(deps.db, { state, userId, provider: platform });
  if (!round || !config) return { kind: "failed", returnUrl: null, code: "invalid_state" };
  let tokens: OAuthTokens;
  try {
    tokens = await exchangeCode(config, { code, codeVerifier: round.codeVerifier, redirectUri }, deps.fetcher);
  } catch (error) {
    deps.logger.warn({ err: error, platform }, "calendar code exchange failed");
    return { kind: "failed", returnUrl: round.returnUrl, code: error instanceof InvalidGrantError ? "invalid_state" : "provider_error" };
  }
  if (!tokens.refreshToken) {
    // Without offline access there is nothing to sync with tomorrow: treat it as the provider's failure.
    deps.logger.warn({ platform }, "calendar consent gave no refresh token");
    return { kind: "failed", returnUrl: round.returnUrl, code: "provider_error" };
  }
  let accountEmail: string | null;
  const token = async () => tokens.accessToken;
  try {
    accountEmail =
      platform === "google_calendar" ? await googleClientOf(deps, token).accountEmail() : await graphClientOf(deps, token).accountEmail();
  } catch (error) {
    deps.logger.warn({ err: error, platform }, "calendar account e-mail not read");
    return { kind: "failed", returnUrl: round.returnUrl, code: "provider_error" };
  }
  const previous = await findConnection(deps.db, { userId, platform });
  if (previous) await stopPush(deps, previous, token);
  const connection = await saveConnection(deps.db, {
    userId,
    platform,
    accountEmail: accountEmail?.toLowerCase() ?? null,
    refreshTokenEnc: deps.cipher.encrypt(tokens.refreshToken),
    accessTokenEnc: deps.cipher.encrypt(tokens.accessToken),
    accessTokenExpiresAt: tokens.expiresAt,
  });
  await enqueueCalendarSync(deps.boss, { userId, connectionId: connection.id });
  return { kind: "connected", returnUrl: round.returnUrl };
}

/** false when the user had no such connection. */
export async function disconnectCalendar(
  deps: CalendarDeps,
  { userId, platform }: { userId: string; platform: CalendarPlatform },
): Promise<boolean> {
  const connection = await findConnection(deps.db, { userId, platform });
  if (!connection) return false;
  await stopPush(deps, connection);
  await revokeGrant(deps, connection);
  await deleteConnection(deps.db, { userId, platform });
  return true;
}

async function revokeGrant(deps: CalendarDeps, connection: CalendarConnectionRow): Promise<void> {
  // Microsoft identity has no revoke endpoint for a refresh token: forgetting it is all an app can do.
  if (connection.platform !== "google_calendar") return;
  try {
    await revokeGoogleToken(deps.settings.googleRevokeUrl, deps.cipher.decrypt(connection.refreshTokenEnc), deps.fetcher);
  } catch (error) {
    // The user asked to disconnect: the tokens are deleted whatever Google answers (they can revoke in their account).
    deps.logger.warn({ err: error, connectionId: connection.id }, "Google grant not revoked");
  }
}

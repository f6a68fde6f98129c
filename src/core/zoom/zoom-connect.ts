import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import { authorizationUrl, exchangeCode, InvalidGrantError, type OAuthTokens } from "~/infra/oauth/oauth-client";
import { newCodeVerifier, newOAuthState } from "~/infra/oauth/pkce";
import type { TokenCipher } from "~/infra/oauth/token-crypto";
import { createZoomClient, revokeZoomToken } from "~/infra/zoom/zoom-client";
import type { ZoomConnection } from "~/shared/calendars/calendar-api";
import { readUserEmail } from "../calendars/data";
import { consumeOAuthState, saveOAuthState } from "../calendars/mutations";
import type { CalendarSettings } from "../calendars/settings";
import { findZoomConnection } from "./data";
import { deleteZoomConnection, saveZoomConnection } from "./mutations";

// Zoom connect (interpretations 22, research 8): OAuth with PKCE and a server-side state, like the
// calendars; the sealed tokens let the bot join meetings that need a signed-in Zoom user with a ZAK.

export interface ZoomDeps {
  db: Database;
  settings: Pick<CalendarSettings, "oauth" | "zoomOAuthUrl" | "zoomApiUrl">;
  cipher: TokenCipher;
  logger: Logger;
  fetcher?: typeof fetch;
}

export const zoomProvider = "zoom";

/** The callback's redirect_uri: the same on the authorize and token requests (and in the Zoom app). */
export function zoomRedirectUri(origin: string): string {
  return `${origin}/api/zoom/oauth/callback`;
}

export async function readZoomConnection(deps: ZoomDeps, { userId }: { userId: string }): Promise<ZoomConnection> {
  const row = await findZoomConnection(deps.db, { userId });
  return {
    available: deps.settings.oauth.zoom !== undefined,
    connected: row !== null,
    status: row?.status ?? null,
    accountEmail: row?.accountEmail ?? null,
  };
}

export async function startZoomConnect(
  deps: ZoomDeps,
  { userId, returnUrl, redirectUri }: { userId: string; returnUrl: string; redirectUri: string },
): Promise<{ authorizationUrl: string } | null> {
  const config = deps.settings.oauth.zoom;
  if (!config) return null;
  const state = newOAuthState();
  const codeVerifier = newCodeVerifier();
  await saveOAuthState(deps.db, { state, userId, provider: zoomProvider, codeVerifier, returnUrl });
  // Zoom's consent screen ignores login_hint; the stand-in takes it as the person who consents.
  const loginHint = await readUserEmail(deps.db, { userId });
  return { authorizationUrl: authorizationUrl(config, { redirectUri, state, codeVerifier, loginHint }) };
}

export type ZoomCallbackOutcome =
  | { kind: "connected"; returnUrl: string }
  | { kind: "failed"; returnUrl: string | null; code: "invalid_state" | "provider_error" };

export async function finishZoomConnect(
  deps: ZoomDeps,
  { userId, state, code, redirectUri }: { userId: string; state: string; code: string; redirectUri: string },
): Promise<ZoomCallbackOutcome> {
  const config = deps.settings.oauth.zoom;
  const round = await consumeOAuthState(deps.db, { state, userId, provider: zoomProvider });
  if (!round || !config) return { kind: "failed", returnUrl: null, code: "invalid_state" };
  let tokens: OAuthTokens;
  try {
    tokens = await exchangeCode(config, { code, codeVerifier: round.codeVerifier, redirectUri }, deps.fetcher);
  } catch (error) {
    deps.logger.warn({ err: error }, "Zoom code exchange failed");
    return { kind: "failed", returnUrl: round.returnUrl, code: error instanceof InvalidGrantError ? "invalid_state" : "provider_error" };
  }
  if (!tokens.refreshToken) {
    deps.logger.warn("Zoom consent gave no refresh token");
    return { kind: "failed", returnUrl: round.returnUrl, code: "provider_error" };
  }
  let accountEmail: string | null = null;
  try {
    const client = createZoomClient({
      apiUrl: deps.settings.zoomApiUrl,
      accessToken: async () => tokens.accessToken,
      fetcher: deps.fetcher,
    });
    accountEmail = await client.accountEmail();
  } catch (error) {
    // The e-mail is only shown next to the button: the connection works without it.
    deps.logger.warn({ err: error }, "Zoom account e-mail not read");
  }
  await saveZoomConnection(deps.db, {
    userId,
    accountEmail,
    refreshTokenEnc: deps.cipher.encrypt(tokens.refreshToken),
    accessTokenEnc: deps.cipher.encrypt(tokens.accessToken),
    accessTokenExpiresAt: tokens.expiresAt,
  });
  return { kind: "connected", returnUrl: round.returnUrl };
}

/** Revokes the grant at Zoom (best effort) and forgets the tokens; false when there was none. */
export async function disconnectZoom(deps: ZoomDeps, { userId }: { userId: string }): Promise<boolean> {
  const row = await findZoomConnection(deps.db, { userId });
  if (!row) return false;
  const config = deps.settings.oauth.zoom;
  if (config) {
    try {
      const token = deps.cipher.decrypt(row.refreshTokenEnc);
      if (!(await revokeZoomToken(config, { oauthUrl: deps.settings.zoomOAuthUrl, token }, deps.fetcher)))
        deps.logger.warn({ userId }, "Zoom refused the revoke (already revoked?)");
    } catch (error) {
      // The user asked to disconnect: the tokens go whatever Zoom answers (they can remove the app in Zoom).
      deps.logger.warn({ err: error, userId }, "Zoom grant not revoked");
    }
  }
  await deleteZoomConnection(deps.db, { userId });
  return true;
}

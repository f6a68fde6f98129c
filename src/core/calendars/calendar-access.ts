import type { AccessTokenSource, CalendarHttp } from "~/infra/calendar/calendar-http";
import { createGoogleCalendarClient, type GoogleCalendarClient } from "~/infra/calendar/google-calendar-client";
import { createGraphCalendarClient, type GraphCalendarClient } from "~/infra/calendar/graph-calendar-client";
import { InvalidGrantError, refreshTokens } from "~/infra/oauth/oauth-client";
import type { CalendarDeps } from "./calendar-deps";
import type { CalendarConnectionRow } from "./data";
import { markReconnect, saveTokens } from "./mutations";

// Access to one connection's calendar: the sealed access token while it is good, else a refresh (the
// rotated refresh token Microsoft hands out is stored at once); a refused grant turns the connection into
// `reconnect` (shown in the UI, decision 024) and stops here.

/** The connection needs the user to connect again (the provider refused the grant). */
export class ReconnectNeededError extends Error {
  override name = "ReconnectNeededError";
}

/** The provider is not configured in this install (its client id was removed after connecting). */
export class ProviderNotConfiguredError extends Error {
  override name = "ProviderNotConfiguredError";
}

const refreshMarginMs = 60_000;

export function accessTokenSource(deps: CalendarDeps, connection: CalendarConnectionRow): AccessTokenSource {
  let accessToken = connection.accessTokenEnc ? deps.cipher.decrypt(connection.accessTokenEnc) : null;
  let expiresAt = connection.accessTokenExpiresAt?.getTime() ?? 0;
  let refreshToken = deps.cipher.decrypt(connection.refreshTokenEnc);
  return async ({ force }) => {
    if (accessToken && !force && expiresAt - refreshMarginMs > Date.now()) return accessToken;
    const config = deps.settings.oauth[connection.platform];
    if (!config) throw new ProviderNotConfiguredError(connection.platform);
    try {
      const tokens = await refreshTokens(config, refreshToken, deps.fetcher);
      accessToken = tokens.accessToken;
      expiresAt = tokens.expiresAt.getTime();
      if (tokens.refreshToken) refreshToken = tokens.refreshToken;
      await saveTokens(deps.db, {
        connectionId: connection.id,
        accessTokenEnc: deps.cipher.encrypt(tokens.accessToken),
        accessTokenExpiresAt: tokens.expiresAt,
        refreshTokenEnc: tokens.refreshToken ? deps.cipher.encrypt(tokens.refreshToken) : null,
      });
      return tokens.accessToken;
    } catch (error) {
      if (!(error instanceof InvalidGrantError)) throw error;
      await markReconnect(deps.db, { connectionId: connection.id, reason: error.message });
      deps.logger.warn({ connectionId: connection.id, platform: connection.platform }, "calendar grant refused: reconnect needed");
      throw new ReconnectNeededError(error.message);
    }
  };
}

export function calendarHttpOf(deps: CalendarDeps, accessToken: AccessTokenSource): CalendarHttp {
  return { accessToken, fetcher: deps.fetcher };
}

export function googleClientOf(deps: CalendarDeps, accessToken: AccessTokenSource): GoogleCalendarClient {
  const { googleApiUrl, googleUserinfoUrl, googleRevokeUrl } = deps.settings;
  return createGoogleCalendarClient(
    { apiUrl: googleApiUrl, userinfoUrl: googleUserinfoUrl, revokeUrl: googleRevokeUrl },
    calendarHttpOf(deps, accessToken),
  );
}

export function graphClientOf(deps: CalendarDeps, accessToken: AccessTokenSource): GraphCalendarClient {
  return createGraphCalendarClient(deps.settings.graphUrl, calendarHttpOf(deps, accessToken));
}

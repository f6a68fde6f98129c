import { z } from "zod";
import { type AccessTokenSource, calendarJson } from "../calendar/calendar-http";
import type { OAuthProviderConfig } from "../oauth/oauth-client";

// Zoom's REST API for a connected user (research 8): who they are, and a ZAK (Zoom Access Key) that lets
// the bot join as them. The ZAK lives about two hours and is fetched right before each join, never stored.

const zoomUser = z.object({ email: z.string().nullish(), display_name: z.string().nullish() });
const zoomToken = z.object({ token: z.string().min(1) });

export interface ZoomClient {
  /** The Zoom account's e-mail (shown next to the button), or null when Zoom hides it. */
  accountEmail(): Promise<string | null>;
  zak(): Promise<string>;
}

export function createZoomClient({
  apiUrl,
  accessToken,
  fetcher,
}: {
  apiUrl: string;
  accessToken: AccessTokenSource;
  fetcher?: typeof fetch;
}): ZoomClient {
  const http = { accessToken, fetcher, timeoutMs: 15_000 };
  return {
    async accountEmail() {
      const me = await calendarJson(http, `${apiUrl}/users/me`, zoomUser);
      return me.email?.toLowerCase() ?? null;
    },
    async zak() {
      return (await calendarJson(http, `${apiUrl}/users/me/token?type=zak`, zoomToken)).token;
    },
  };
}

/** Ends the grant at Zoom (`POST /oauth/revoke`, client credentials in Basic auth); false when refused. */
export async function revokeZoomToken(
  config: Pick<OAuthProviderConfig, "clientId" | "clientSecret">,
  { oauthUrl, token }: { oauthUrl: string; token: string },
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const response = await fetcher(`${oauthUrl}/oauth/revoke`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  return response.ok;
}

import { InvalidGrantError, refreshTokens } from "~/infra/oauth/oauth-client";
import { createZoomClient } from "~/infra/zoom/zoom-client";
import { findZoomConnection } from "./data";
import { countZoomUse, markZoomReconnect, saveZoomTokens } from "./mutations";
import type { ZoomDeps } from "./zoom-connect";

// The bot's Zoom identity (interpretations 22): right before a bot joins a Zoom meeting, a ZAK of the
// owner's connected Zoom account, so meetings that admit only signed-in (or registered) users let it in.
// Never stored; any failure means the bot joins as a guest, as it would without Zoom connected.

/** Refreshed a minute early, so a token is never handed out seconds before it dies. */
const refreshMarginMs = 60_000;

export async function fetchZoomJoinToken(deps: ZoomDeps, { userId }: { userId: string }): Promise<string | null> {
  const config = deps.settings.oauth.zoom;
  const row = await findZoomConnection(deps.db, { userId });
  if (!config || !row || row.status !== "active") return null;
  let current: string | null =
    row.accessTokenEnc && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() > Date.now() + refreshMarginMs
      ? deps.cipher.decrypt(row.accessTokenEnc)
      : null;
  const accessToken = async ({ force }: { force: boolean }) => {
    if (current && !force) return current;
    const tokens = await refreshTokens(config, deps.cipher.decrypt(row.refreshTokenEnc), deps.fetcher);
    await saveZoomTokens(deps.db, {
      userId,
      accessTokenEnc: deps.cipher.encrypt(tokens.accessToken),
      accessTokenExpiresAt: tokens.expiresAt,
      refreshTokenEnc: tokens.refreshToken ? deps.cipher.encrypt(tokens.refreshToken) : null,
    });
    current = tokens.accessToken;
    return current;
  };
  try {
    const zak = await createZoomClient({ apiUrl: deps.settings.zoomApiUrl, accessToken, fetcher: deps.fetcher }).zak();
    await countZoomUse(deps.db, { userId });
    return zak;
  } catch (error) {
    if (error instanceof InvalidGrantError) {
      await markZoomReconnect(deps.db, { userId });
      deps.logger.warn({ userId }, "Zoom refused the grant: the user must connect Zoom again");
    } else deps.logger.warn({ err: error, userId }, "no Zoom join token: the bot joins as a guest");
    return null;
  }
}

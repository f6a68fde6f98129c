import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { consumeOAuthState } from "~/core/calendars/mutations";
import {
  disconnectZoom,
  finishZoomConnect,
  readZoomConnection,
  startZoomConnect,
  type ZoomDeps,
  zoomProvider,
  zoomRedirectUri,
} from "~/core/zoom/zoom-connect";
import type { ApiEnv } from "~/server/hono-env";
import { successResponseSchema } from "~/shared/api/api-contract";
import { oauthStartSchema, returnUrlSchema, zoomConnectionSchema } from "~/shared/calendars/calendar-api";
import { AppError, errorResponse } from "../api-error";
import { withQuery } from "../calendar/calendar-oauth-routes";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Zoom connect (interpretations 22): the consent round trip, its callback (a browser on the other end, so
// every outcome is a 302 back with ?zoom=connected or ?zoomError=<code>), disconnect and the state.

/** Where a round trip that lost its own return address goes (where the Connect Zoom button is). */
const fallbackReturnUrl = "/settings/calendar";

const read = createRoute({
  method: "get",
  path: "/zoom",
  tags: ["zoom"],
  summary: "The user's Zoom connection: offered on this install, connected, needs reconnecting, the Zoom account's e-mail",
  responses: {
    200: { description: "The connection", content: { "application/json": { schema: zoomConnectionSchema } } },
    401: errorResponse("Not signed in"),
  },
});
const connect = createRoute({
  method: "post",
  path: "/zoom/connect",
  tags: ["zoom"],
  summary: "Start connecting Zoom: Zoom's consent URL (OAuth with PKCE); the callback returns to returnUrl",
  request: { body: { content: { "application/json": { schema: z.object({ returnUrl: returnUrlSchema }).strict() } } } },
  responses: {
    200: { description: "Where the browser goes next", content: { "application/json": { schema: oauthStartSchema } } },
    400: errorResponse("Bad input, or this install has no Zoom app (ZOOM_NOT_CONFIGURED)"),
    401: errorResponse("Not signed in"),
  },
});
const disconnect = createRoute({
  method: "post",
  path: "/zoom/disconnect",
  tags: ["zoom"],
  summary: "Disconnect Zoom: the grant revoked at Zoom, the tokens deleted",
  responses: {
    200: {
      description: "Disconnected (also when it was not connected)",
      content: { "application/json": { schema: successResponseSchema } },
    },
    401: errorResponse("Not signed in"),
  },
});
const callback = createRoute({
  method: "get",
  path: "/zoom/oauth/callback",
  tags: ["zoom"],
  summary: "OAuth redirect target: checks the state (single use, 10 minutes, same user), stores the sealed tokens, sets zoomConnected",
  request: {
    query: z.object({
      code: z.string().max(4_000).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
    }),
  },
  responses: {
    302: { description: "Back to returnUrl with ?zoom=connected or ?zoomError=access_denied|invalid_state|provider_error" },
  },
});

export function zoomRoutes({ zoom, publicUrl }: { zoom: ZoomDeps; publicUrl?: string }) {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      // A broken callback URL still sends the browser back to the settings page.
      if (!result.success && c.req.path.endsWith("/oauth/callback"))
        return c.redirect(withQuery(fallbackReturnUrl, "zoomError", "invalid_state"), 302);
      return validationHook(result, c);
    },
  });
  const originOf = (requestUrl: string) => publicUrl?.replace(/\/$/, "") ?? new URL(requestUrl).origin;
  app.use("/zoom", requireUser());
  app.use("/zoom/connect", requireUser());
  app.use("/zoom/disconnect", requireUser());

  app.openapi(read, async (c) => c.json(await readZoomConnection(zoom, { userId: currentUser(c).userId }), 200));

  app.openapi(connect, async (c) => {
    const { userId } = currentUser(c);
    const { returnUrl } = c.req.valid("json");
    const started = await startZoomConnect(zoom, { userId, returnUrl, redirectUri: zoomRedirectUri(originOf(c.req.url)) });
    if (!started) throw new AppError("ZOOM_NOT_CONFIGURED");
    return c.json(started, 200);
  });

  app.openapi(disconnect, async (c) => {
    await disconnectZoom(zoom, { userId: currentUser(c).userId });
    return c.json({ success: true as const }, 200);
  });

  app.openapi(callback, async (c) => {
    const { code, state, error } = c.req.valid("query");
    const signedIn = c.get("signedIn");
    const fail = (returnUrl: string | null, reason: string) =>
      c.redirect(withQuery(returnUrl ?? fallbackReturnUrl, "zoomError", reason), 302);
    if (!state || !signedIn || signedIn.isBanned) return fail(null, "invalid_state");
    if (error || !code) {
      // The user said no (or Zoom failed): the round trip is used up either way.
      const round = await consumeOAuthState(zoom.db, { state, userId: signedIn.userId, provider: zoomProvider });
      if (!round) return fail(null, "invalid_state");
      return fail(round.returnUrl, error === "access_denied" ? "access_denied" : "provider_error");
    }
    const outcome = await finishZoomConnect(zoom, {
      userId: signedIn.userId,
      state,
      code,
      redirectUri: zoomRedirectUri(originOf(c.req.url)),
    });
    if (outcome.kind === "failed") return fail(outcome.returnUrl, outcome.code);
    return c.redirect(withQuery(outcome.returnUrl, "zoom", "connected"), 302);
  });
  return app;
}

import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { CalendarDeps } from "~/core/calendars/calendar-deps";
import { calendarRedirectUri, finishCalendarConnect } from "~/core/calendars/connect-calendar";
import { consumeOAuthState } from "~/core/calendars/mutations";
import type { ApiEnv } from "~/server/hono-env";
import { calendarPlatforms } from "~/shared/calendars/calendar-platforms";
import { validationHook } from "../validation-hook";

// The provider sends the browser back here after its consent screen. A browser is on the other end, so
// every outcome is a 302 to the page it came from (`?calendar=connected` or `?calendarError=<code>`),
// never a JSON error page.

/** Where a round trip that lost its own return address goes (the calendar settings). */
const fallbackReturnUrl = "/settings/calendar";

const callback = createRoute({
  method: "get",
  path: "/calendar/oauth/{platform}/callback",
  tags: ["calendar"],
  summary: "OAuth redirect target: checks the state (single use, 10 minutes, same user), stores the sealed tokens, queues the first sync",
  request: {
    params: z.object({ platform: z.enum(calendarPlatforms) }),
    query: z.object({
      code: z.string().max(4_000).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
    }),
  },
  responses: {
    302: { description: "Back to returnUrl with ?calendar=connected or ?calendarError=access_denied|invalid_state|provider_error" },
  },
});

export function withQuery(returnUrl: string, key: string, value: string): string {
  const url = new URL(returnUrl, "http://return.invalid");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function calendarOAuthRoutes({ calendar, publicUrl }: { calendar: CalendarDeps; publicUrl?: string }) {
  const app = new OpenAPIHono<ApiEnv>({
    // A broken callback URL still sends the browser back to the settings page.
    defaultHook: (result, c) => {
      if (!result.success) return c.redirect(withQuery(fallbackReturnUrl, "calendarError", "invalid_state"), 302);
      return validationHook(result, c);
    },
  });
  app.openapi(callback, async (c) => {
    const { platform } = c.req.valid("param");
    const { code, state, error } = c.req.valid("query");
    const signedIn = c.get("signedIn");
    const fail = (returnUrl: string | null, reason: string) =>
      c.redirect(withQuery(returnUrl ?? fallbackReturnUrl, "calendarError", reason), 302);
    if (!state) return fail(null, "invalid_state");
    if (!signedIn || signedIn.isBanned) return fail(null, "invalid_state");
    if (error || !code) {
      // The user said no (or the provider failed): the round trip is used up either way.
      const round = await consumeOAuthState(calendar.db, { state, userId: signedIn.userId, provider: platform });
      if (!round) return fail(null, "invalid_state");
      return fail(round.returnUrl, error === "access_denied" ? "access_denied" : "provider_error");
    }
    const origin = publicUrl?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
    const outcome = await finishCalendarConnect(calendar, {
      userId: signedIn.userId,
      platform,
      state,
      code,
      redirectUri: calendarRedirectUri(origin, platform),
    });
    if (outcome.kind === "failed") return fail(outcome.returnUrl, outcome.code);
    return c.redirect(withQuery(outcome.returnUrl, "calendar", "connected"), 302);
  });
  return app;
}

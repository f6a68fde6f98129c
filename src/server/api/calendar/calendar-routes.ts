import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { CalendarDeps } from "~/core/calendars/calendar-deps";
import { calendarRedirectUri, disconnectCalendar, startCalendarConnect } from "~/core/calendars/connect-calendar";
import { toCalendarConnectionView } from "~/core/calendars/connection-view";
import { listConnections, readPreferences } from "~/core/calendars/data";
import { updatePreferences } from "~/core/calendars/mutations";
import type { ApiEnv } from "~/server/hono-env";
import { successResponseSchema } from "~/shared/api/api-contract";
import {
  calendarConnectBodySchema,
  calendarDisconnectBodySchema,
  calendarListSchema,
  calendarPreferencesSchema,
  calendarPreferencesUpdateSchema,
  oauthStartSchema,
} from "~/shared/calendars/calendar-api";
import { calendarPlatforms } from "~/shared/calendars/calendar-platforms";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const list = createRoute({
  method: "get",
  path: "/calendar",
  tags: ["calendar"],
  summary: "The user's calendar connections (status, sync delayed), the auto-join and send-notes preferences, and how events stay fresh",
  responses: {
    200: { description: "Connections and preferences", content: { "application/json": { schema: calendarListSchema } } },
    401: errorResponse("Not signed in"),
  },
});
const connect = createRoute({
  method: "post",
  path: "/calendar/connect",
  tags: ["calendar"],
  summary: "Start connecting Google Calendar or Outlook: the provider's consent URL (OAuth with PKCE); the callback returns to returnUrl",
  request: { body: { content: { "application/json": { schema: calendarConnectBodySchema } } } },
  responses: {
    200: { description: "Where the browser goes next", content: { "application/json": { schema: oauthStartSchema } } },
    400: errorResponse("Bad input, or this install has no client id for the provider (CALENDAR_PROVIDER_NOT_CONFIGURED)"),
    401: errorResponse("Not signed in"),
  },
});
const disconnect = createRoute({
  method: "post",
  path: "/calendar/disconnect",
  tags: ["calendar"],
  summary: "Disconnect a calendar: push stopped, the grant revoked where the provider allows it, tokens and events deleted",
  request: { body: { content: { "application/json": { schema: calendarDisconnectBodySchema } } } },
  responses: {
    200: {
      description: "Disconnected (also when it was not connected)",
      content: { "application/json": { schema: successResponseSchema } },
    },
    400: errorResponse("Bad input"),
    401: errorResponse("Not signed in"),
  },
});
const preferences = createRoute({
  method: "put",
  path: "/calendar/preferences",
  tags: ["calendar"],
  summary: "Change the auto-join, send-notes or recap-recipients choice (any subset)",
  request: { body: { content: { "application/json": { schema: calendarPreferencesUpdateSchema } } } },
  responses: {
    200: { description: "The preferences now", content: { "application/json": { schema: calendarPreferencesSchema } } },
    400: errorResponse("Bad input"),
    401: errorResponse("Not signed in"),
  },
});

/** The connections and preferences of the calendar settings (issue 18; spec section 7). */
export function calendarRoutes({ calendar, publicUrl }: { calendar: CalendarDeps; publicUrl?: string }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/calendar", requireUser());
  app.use("/calendar/connect", requireUser());
  app.use("/calendar/disconnect", requireUser());
  app.use("/calendar/preferences", requireUser());

  app.openapi(list, async (c) => {
    const { userId } = currentUser(c);
    const [connections, prefs] = await Promise.all([listConnections(calendar.db, { userId }), readPreferences(calendar.db, { userId })]);
    return c.json(
      {
        calendars: connections.map(toCalendarConnectionView),
        preferences: prefs,
        available: calendarPlatforms.filter((platform) => calendar.settings.oauth[platform] !== undefined),
        syncMode: calendar.settings.syncMode,
        pollMinutes: calendar.settings.pollMinutes,
      },
      200,
    );
  });

  app.openapi(connect, async (c) => {
    const { userId } = currentUser(c);
    const { platform, returnUrl } = c.req.valid("json");
    const origin = publicUrl?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
    const started = await startCalendarConnect(calendar, {
      userId,
      platform,
      returnUrl,
      redirectUri: calendarRedirectUri(origin, platform),
    });
    if (!started) throw new AppError("CALENDAR_PROVIDER_NOT_CONFIGURED");
    return c.json(started, 200);
  });

  app.openapi(disconnect, async (c) => {
    const { userId } = currentUser(c);
    await disconnectCalendar(calendar, { userId, platform: c.req.valid("json").platform });
    return c.json({ success: true as const }, 200);
  });

  app.openapi(preferences, async (c) => {
    const { userId } = currentUser(c);
    const current = await readPreferences(calendar.db, { userId });
    const next = await updatePreferences(calendar.db, { userId, changes: c.req.valid("json"), current });
    // Auto-join just turned on: an event starting now is dispatched at once, not at the next minute.
    await calendar.afterCalendarChange({ userId });
    return c.json(next, 200);
  });
  return app;
}

import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { CalendarDeps } from "~/core/calendars/calendar-deps";
import { listActiveCalendarEvents, listCalendarEvents } from "~/core/calendars/list-calendar-events";
import { toggleEventJoin } from "~/core/calendars/toggle-event-join";
import type { ApiEnv } from "~/server/hono-env";
import {
  calendarEventAnswerSchema,
  calendarEventRefSchema,
  calendarEventsQuerySchema,
  calendarEventsSchema,
} from "~/shared/calendars/calendar-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

/** The widest window one call may ask for (the view asks for 7 days; a month view would ask for 31). */
const maxWindowMs = 31 * 24 * 60 * 60 * 1000;

const events = createRoute({
  method: "get",
  path: "/calendar/event",
  tags: ["calendar"],
  summary: "The user's events overlapping [startDate, endDate) (at most 31 days), by start, each with its join state and bot status",
  request: { query: calendarEventsQuerySchema },
  responses: {
    200: { description: "Events", content: { "application/json": { schema: calendarEventsSchema } } },
    400: errorResponse("Bad dates, or a window over 31 days (CALENDAR_WINDOW_INVALID)"),
    401: errorResponse("Not signed in"),
  },
});
const active = createRoute({
  method: "get",
  path: "/calendar/event/active",
  tags: ["calendar"],
  summary: "Events in progress or starting within 10 minutes, with their bot status",
  responses: {
    200: { description: "Events", content: { "application/json": { schema: calendarEventsSchema } } },
    401: errorResponse("Not signed in"),
  },
});
const toggleRoute = (enabled: boolean) =>
  createRoute({
    method: "post",
    path: enabled ? "/calendar/event/join-enable" : "/calendar/event/join-disable",
    tags: ["calendar"],
    summary: enabled
      ? "Send the notetaker to this event (its own toggle, whatever auto-join says)"
      : "Keep the notetaker away from this event (its own toggle, whatever auto-join says)",
    request: { body: { content: { "application/json": { schema: calendarEventRefSchema } } } },
    responses: {
      200: { description: "The event now", content: { "application/json": { schema: calendarEventAnswerSchema } } },
      400: errorResponse("Bad input"),
      401: errorResponse("Not signed in"),
      404: errorResponse("No such event among the user's calendars (NOT_FOUND)"),
      ...(enabled
        ? {
            409: errorResponse(
              "The event cannot be joined (CALENDAR_EVENT_NOT_JOINABLE, with its reason: no_meeting_link, all_day, cancelled, ended)",
            ),
          }
        : {}),
    },
  });

/** The calendar view's events and their join toggles (issue 18; spec section 7). */
export function calendarEventRoutes({ calendar }: { calendar: CalendarDeps }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/calendar/event", requireUser());
  app.use("/calendar/event/*", requireUser());

  app.openapi(events, async (c) => {
    const { userId } = currentUser(c);
    const query = c.req.valid("query");
    const start = new Date(query.startDate);
    const end = new Date(query.endDate);
    const length = end.getTime() - start.getTime();
    if (!(length > 0 && length <= maxWindowMs)) throw new AppError("CALENDAR_WINDOW_INVALID");
    return c.json({ events: await listCalendarEvents(calendar.db, { userId, start, end }) }, 200);
  });

  app.openapi(active, async (c) => {
    const { userId } = currentUser(c);
    return c.json({ events: await listActiveCalendarEvents(calendar.db, { userId }) }, 200);
  });

  for (const enabled of [true, false]) {
    app.openapi(toggleRoute(enabled), async (c) => {
      const { userId } = currentUser(c);
      const { calendarId, eventId } = c.req.valid("json");
      const outcome = await toggleEventJoin(calendar, { userId, calendarId, eventId, enabled });
      if (outcome.kind === "notFound") throw new AppError("NOT_FOUND");
      if (outcome.kind === "blocked") throw new AppError("CALENDAR_EVENT_NOT_JOINABLE", undefined, { reason: outcome.reason });
      return c.json({ event: outcome.event }, 200);
    });
  }
  return app;
}

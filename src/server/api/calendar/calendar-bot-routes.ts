import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { PgBoss } from "pg-boss";
import type { PlanLimits } from "~/core/billing/plan";
import { sendEventBotByHand } from "~/core/calendars/send-event-bot";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import type { Catalogs } from "~/server/i18n-catalogs";
import { calendarEventAnswerSchema, calendarEventRefSchema } from "~/shared/calendars/calendar-api";
import { isLocale } from "~/shared/i18n/locales";
import { requestLocale } from "~/shared/i18n/request-locale";
import { AppError, errorResponse } from "../api-error";
import { limitErrorResponse, limitReachedError } from "../limit-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const sendToEvent = createRoute({
  method: "post",
  path: "/calendar/event/send-bot",
  tags: ["calendar"],
  summary:
    "Send the notetaker to a calendar event's meeting now (the same rules as POST /meetings/bots); the event then says sentBotManually 'sent'",
  request: { body: { content: { "application/json": { schema: calendarEventRefSchema } } } },
  responses: {
    201: { description: "Sent: the event with its bot", content: { "application/json": { schema: calendarEventAnswerSchema } } },
    400: errorResponse("The event has no meeting link the notetaker can join (MEETING_LINK_INVALID)"),
    401: errorResponse("Not signed in"),
    402: limitErrorResponse(
      "Over the plan's concurrent meetings (BOT_CONCURRENCY_LIMIT) or transcription minutes (TRANSCRIPTION_LIMIT_REACHED)",
    ),
    404: errorResponse("No such event in the user's calendars"),
    409: errorResponse("The notetaker is already in this meeting (BOT_ALREADY_IN_MEETING, with its noteId)"),
  },
});

/** The calendar view's "send the notetaker now" (issue 18). */
export function calendarBotRoutes({
  db,
  boss,
  catalogs,
  planLimits,
}: {
  db: Database;
  boss: PgBoss;
  catalogs: Catalogs;
  planLimits: PlanLimits;
}) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/calendar/event/send-bot", requireUser());

  app.openapi(sendToEvent, async (c) => {
    const signedIn = currentUser(c);
    const { calendarId, eventId } = c.req.valid("json");
    const payload = await signedIn.payload();
    const chosen = payload.settings.language;
    const locale = isLocale(chosen) ? chosen : requestLocale(c.req.raw.headers);
    const outcome = await sendEventBotByHand(
      {
        db,
        boss,
        planLimits,
        botTexts: (language) => {
          const t = catalogs.getI18n(language).getFixedT(language, "meetings");
          return { consentMessage: (values) => t("bot.consentMessage", values) };
        },
      },
      { userId: signedIn.userId, userName: payload.name, calendarId, eventId, locale },
    );
    switch (outcome.kind) {
      case "notFound":
        throw new AppError("NOT_FOUND");
      case "noLink":
      case "invalidLink":
        throw new AppError("MEETING_LINK_INVALID");
      case "alreadyActive":
        throw new AppError("BOT_ALREADY_IN_MEETING", undefined, { noteId: outcome.noteId });
      case "limitReached":
        throw limitReachedError(outcome.reached);
      case "sent":
        return c.json({ event: outcome.event }, 201);
    }
  });
  return app;
}

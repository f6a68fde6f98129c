import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { PgBoss } from "pg-boss";
import type { PlanLimits } from "~/core/billing/plan";
import { cancelBot } from "~/core/meetings/cancel-bot";
import { findBotOfNote } from "~/core/meetings/data";
import type { FinishBotDeps } from "~/core/meetings/finish-bot";
import { sendBot } from "~/core/meetings/send-bot";
import { findNote, toNoteView } from "~/core/notes/data";
import { decideSpokenLanguage, type EngineLanguages } from "~/core/transcription/spoken-language";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { ApiEnv } from "~/server/hono-env";
import type { Catalogs } from "~/server/i18n-catalogs";
import { requestLocale } from "~/shared/i18n/request-locale";
import { meetingBotSentSchema, meetingBotViewSchema } from "~/shared/meetings/meetings-api";
import { noteResponseSchema } from "~/shared/notes/notes-api";
import { AppError, errorResponse } from "../api-error";
import { idempotencyKeyRequestHeaders, idempotencyKeyResponses, idempotent } from "../idempotency";
import { unsupportedLanguageError } from "../language-error";
import { limitErrorResponse, limitReachedError } from "../limit-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const noteParams = z.object({ id: z.uuid() });

const send = createRoute({
  method: "post",
  path: "/meetings/bots",
  tags: ["meetings"],
  summary: "Send the notetaker to a Zoom, Google Meet or Teams meeting: makes a `meeting` note and queues the bot",
  request: {
    headers: idempotencyKeyRequestHeaders,
    body: {
      content: {
        "application/json": {
          schema: z.object({ url: z.string().trim().min(1).max(4_000), language: z.string().min(2).max(10).nullish() }).strict(),
        },
      },
    },
  },
  responses: {
    201: { description: "Sent", content: { "application/json": { schema: meetingBotSentSchema } } },
    400: errorResponse(
      "Not a meeting link (MEETING_LINK_INVALID), or a language the speech engine cannot transcribe (TRANSCRIPTION_LANGUAGE_UNSUPPORTED)",
    ),
    401: errorResponse("Not signed in"),
    402: limitErrorResponse(
      "Over the plan's concurrent meetings (BOT_CONCURRENCY_LIMIT) or transcription minutes (TRANSCRIPTION_LIMIT_REACHED)",
    ),
    ...idempotencyKeyResponses,
    409: errorResponse(
      "The notetaker is already in this meeting (BOT_ALREADY_IN_MEETING, with its noteId), or a request with this " +
        "Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_PROGRESS)",
    ),
  },
});
const cancel = createRoute({
  method: "post",
  path: "/notes/{id}/bot/cancel",
  tags: ["meetings"],
  summary: "Remove the notetaker from the meeting (where spec section 4 offers cancel); what it recorded is kept",
  request: { params: noteParams },
  responses: {
    200: { description: "Asked to leave", content: { "application/json": { schema: noteResponseSchema } } },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such meeting note"),
    409: errorResponse("Cancel is not offered in this status (BOT_NOT_CANCELLABLE)"),
  },
});
const readBot = createRoute({
  method: "get",
  path: "/notes/{id}/bot",
  tags: ["meetings"],
  summary: "The meeting note's bot: platform, link, people in the call and the statuses so far",
  request: { params: noteParams },
  responses: {
    200: { description: "The bot", content: { "application/json": { schema: meetingBotViewSchema } } },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such meeting note"),
  },
});

/** Sending, reading and removing the meeting notetaker (issue 6). */
export function meetingBotRoutes({
  db,
  boss,
  storage,
  startTranscription,
  catalogs,
  planLimits,
  spokenLanguages,
}: {
  db: Database;
  boss: PgBoss;
  storage: Storage;
  startTranscription: FinishBotDeps["startTranscription"];
  catalogs: Catalogs;
  planLimits: PlanLimits;
  /** What the engine transcribes (sure and current): a meeting in another language is refused (issue 19). */
  spokenLanguages(): Promise<EngineLanguages>;
}) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/meetings/*", requireUser());
  app.use("/notes/*", requireUser());
  // Issue 21: a retried send (same Idempotency-Key) gets the first answer, not a second bot and note.
  app.use("/meetings/bots", idempotent(db));

  app.openapi(send, async (c) => {
    const signedIn = currentUser(c);
    const { url, language } = c.req.valid("json");
    const payload = await signedIn.payload();
    const locale = payload.settings.language ?? requestLocale(c.req.raw.headers);
    const t = catalogs.getI18n(locale).getFixedT(locale, "meetings");
    const spoken = decideSpokenLanguage(await spokenLanguages(), language);
    if (spoken.kind === "unsupported") throw unsupportedLanguageError(spoken, c.req.raw.headers);
    const result = await sendBot(
      { db, boss, planLimits },
      {
        userId: signedIn.userId,
        userName: payload.name,
        url,
        language: spoken.language,
        texts: {
          consentMessage: (botName) => t("bot.consentMessage", { botName, ownerName: payload.name.trim() || botName }),
        },
      },
    );
    switch (result.kind) {
      case "invalidLink":
        throw new AppError("MEETING_LINK_INVALID");
      case "alreadyActive":
        throw new AppError("BOT_ALREADY_IN_MEETING", undefined, { noteId: result.noteId });
      case "limitReached":
        throw limitReachedError(result.reached);
      case "sent":
        return c.json({ noteId: result.noteId, botId: result.botId }, 201);
    }
  });

  app.openapi(cancel, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const outcome = await cancelBot({ db, storage, startTranscription }, { userId, noteId: id });
    if (outcome === "missing") throw new AppError("NOT_FOUND");
    if (outcome === "notCancellable") throw new AppError("BOT_NOT_CANCELLABLE");
    const note = await findNote(db, { userId, noteId: id });
    if (!note) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(note) }, 200);
  });

  app.openapi(readBot, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const bot = await findBotOfNote(db, { userId, noteId: id });
    if (!bot) throw new AppError("NOT_FOUND");
    return c.json(
      {
        platform: bot.platform,
        meetingUrl: bot.meetingUrl,
        botName: bot.botName,
        participantCount: bot.participantCount,
        history: bot.history.map(({ code, subcode, at }) => ({ code, subcode, at })),
      },
      200,
    );
  });
  return app;
}

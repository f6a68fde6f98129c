import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type BotTokenPayload, verifyBotToken } from "~/core/meetings/bot-token";
import { findBot } from "~/core/meetings/data";
import { type FinishBotDeps, finishBot } from "~/core/meetings/finish-bot";
import { applyBotStatus, markRecordingPart, recordHeartbeat, saveSpeakerTimeline } from "~/core/meetings/mutations";
import { noteKeys } from "~/core/notes/storage-keys";
import type { ApiEnv } from "~/server/hono-env";
import { botFinishSchema, botHeartbeatSchema, botSpeakerTimelineSchema, botStatusReportSchema } from "~/shared/meetings/bot-callbacks";
import { botHeartbeatReplyResponseSchema } from "~/shared/meetings/meetings-api";
import { AppError, errorResponse } from "../api-error";
import { validationHook } from "../validation-hook";

// The bot's callbacks (issue 6; contract in src/shared/meetings/bot-callbacks.ts). Not signed-in calls:
// each carries the bot's own signed token, which names the bot, its note and its owner; the path's bot id
// must match it, and every write is scoped to that owner. Exempt from CSRF (interpretations 15).

const botParams = z.object({ botId: z.uuid() });
const partParams = botParams.extend({ part: z.coerce.number().int().min(0).max(100_000) });
const denied = { 400: errorResponse("Invalid body"), 401: errorResponse("Missing, forged or expired token") };
const jsonBody = <Schema extends z.ZodType>(schema: Schema) => ({ body: { content: { "application/json": { schema } } } });

const status = createRoute({
  method: "post",
  path: "/bot-callbacks/{botId}/status",
  tags: ["bot callbacks"],
  summary: "A status the bot reached (idempotent per sequence)",
  request: { params: botParams, ...jsonBody(botStatusReportSchema) },
  responses: { 204: { description: "Recorded" }, ...denied },
});
const heartbeat = createRoute({
  method: "post",
  path: "/bot-callbacks/{botId}/heartbeat",
  tags: ["bot callbacks"],
  summary: "The bot is alive; the reply says whether the user asked it to leave",
  request: { params: botParams, ...jsonBody(botHeartbeatSchema) },
  responses: { 200: { description: "Reply", content: { "application/json": { schema: botHeartbeatReplyResponseSchema } } }, ...denied },
});
const recording = createRoute({
  method: "put",
  path: "/bot-callbacks/{botId}/recording/{part}",
  tags: ["bot callbacks"],
  summary: "One part of the recording (webm/opus bytes, in order from 0); the same part again replaces it",
  request: { params: partParams },
  responses: { 204: { description: "Stored" }, ...denied },
});
const speakers = createRoute({
  method: "post",
  path: "/bot-callbacks/{botId}/speakers",
  tags: ["bot callbacks"],
  summary: "Who spoke when (the whole timeline so far)",
  request: { params: botParams, ...jsonBody(botSpeakerTimelineSchema) },
  responses: { 204: { description: "Stored" }, ...denied },
});
const finish = createRoute({
  method: "post",
  path: "/bot-callbacks/{botId}/finish",
  tags: ["bot callbacks"],
  summary: "The call is over: join the parts and transcribe them (once)",
  request: { params: botParams, ...jsonBody(botFinishSchema) },
  responses: { 204: { description: "Finished" }, ...denied },
});

/** A recording part holds seconds of opus audio (tens of KB); far more is not a bot of ours. */
const maxPartBytes = 16 * 1024 ** 2;

function botTokenCheck(secret: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
    const payload = token ? verifyBotToken(secret, token) : null;
    const botId = c.req.path.split("/")[3];
    if (!payload || payload.botId !== botId) throw new AppError("UNAUTHENTICATED");
    c.set("botToken", payload);
    return next();
  };
}

function tokenOf(c: Context<ApiEnv>): BotTokenPayload {
  const payload = c.get("botToken");
  if (!payload) throw new AppError("UNAUTHENTICATED");
  return payload;
}

export function botCallbackRoutes({ tokenSecret, ...deps }: FinishBotDeps & { tokenSecret: string }) {
  const { db, storage } = deps;
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/bot-callbacks/*", botTokenCheck(tokenSecret));

  app.openapi(status, async (c) => {
    const { userId, botId } = tokenOf(c);
    if (!(await applyBotStatus(db, { userId, botId, report: c.req.valid("json") }))) throw new AppError("NOT_FOUND");
    return c.body(null, 204);
  });
  app.openapi(heartbeat, async (c) => {
    const { userId, botId } = tokenOf(c);
    const reply = await recordHeartbeat(db, { userId, botId, participantCount: c.req.valid("json").participantCount });
    if (!reply) throw new AppError("NOT_FOUND");
    return c.json(reply, 200);
  });
  app.use(
    "/bot-callbacks/:botId/recording/*",
    bodyLimit({ maxSize: maxPartBytes, onError: () => new AppError("PAYLOAD_TOO_LARGE") as never }),
  );
  app.openapi(recording, async (c) => {
    const { userId, botId, noteId } = tokenOf(c);
    const { part } = c.req.valid("param");
    const bot = await findBot(db, { userId, botId });
    // Parts after the finish would never be joined: refuse them rather than keep orphans.
    if (!bot || bot.finishedAt) throw new AppError("NOT_FOUND");
    const bytes = Buffer.from(await c.req.arrayBuffer());
    await storage.put(noteKeys.recordingPart(userId, noteId, part), bytes, { contentType: "audio/webm" });
    await markRecordingPart(db, { userId, botId, part });
    return c.body(null, 204);
  });
  app.openapi(speakers, async (c) => {
    const { userId, botId } = tokenOf(c);
    if (!(await saveSpeakerTimeline(db, { userId, botId, timeline: c.req.valid("json") }))) throw new AppError("NOT_FOUND");
    return c.body(null, 204);
  });
  app.openapi(finish, async (c) => {
    const { userId, botId } = tokenOf(c);
    const { hasAudio } = c.req.valid("json");
    if (!(await findBot(db, { userId, botId }))) throw new AppError("NOT_FOUND");
    await finishBot(deps, { userId, botId, hasAudio });
    return c.body(null, 204);
  });
  return app;
}

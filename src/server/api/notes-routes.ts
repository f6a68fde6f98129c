import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { findNote, listNotes, listSegments, toNoteView } from "../../core/notes/data";
import { createNote, replaceSegments } from "../../core/notes/mutations";
import { splitTextIntoSegments } from "../../core/notes/text-segments";
import type { Database } from "../../infra/db/client";
import type { ApiEnv } from "../hono-env";
import { AppError } from "./api-error";
import { currentUser, requireUser } from "./require-user";
import { validationHook } from "./validation-hook";

const errorSchema = z.object({ success: z.literal(false), errorCode: z.string(), message: z.string() });
const errors = {
  400: { description: "Invalid input", content: { "application/json": { schema: errorSchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: errorSchema } } },
  404: { description: "No such note", content: { "application/json": { schema: errorSchema } } },
};
const noteSchema = z.object({ id: z.string(), data: z.record(z.string(), z.unknown()) }).openapi("Note");
const segmentSchema = z.object({
  position: z.number().int(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker: z.string().nullable(),
  words: z.array(z.object({ start: z.number(), end: z.number(), word: z.string() })).nullable(),
});
/** Pasted text: up to 500,000 characters (about 80,000 words, a long book chapter). */
const createTextInput = z
  .object({
    title: z.string().trim().max(200).optional(),
    text: z.string().trim().min(1).max(500_000),
    language: z
      .string()
      .regex(/^[a-z]{2,3}$/)
      .optional(),
  })
  .strict();

const list = createRoute({
  method: "get",
  path: "/notes",
  tags: ["notes"],
  summary: "The signed-in user's notes, newest first (cursor pages)",
  request: { query: z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }) },
  responses: {
    200: {
      description: "A page",
      content: { "application/json": { schema: z.object({ items: z.array(noteSchema), nextCursor: z.string().nullable() }) } },
    },
    ...errors,
  },
});
const get = createRoute({
  method: "get",
  path: "/notes/{id}",
  tags: ["notes"],
  summary: "One note with its transcript",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: {
      description: "The note",
      content: { "application/json": { schema: z.object({ note: noteSchema, transcript: z.array(segmentSchema) }) } },
    },
    ...errors,
  },
});
const createText = createRoute({
  method: "post",
  path: "/notes/text",
  tags: ["notes"],
  summary: "Create a note from pasted text",
  request: { body: { content: { "application/json": { schema: createTextInput } }, required: true } },
  responses: { 201: { description: "Created", content: { "application/json": { schema: z.object({ note: noteSchema }) } } }, ...errors },
});

/** Notes under /api/notes; every call is the signed-in user's own (another user's note reads as not found). */
export function notesRoutes({ db }: { db: Database }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/notes", requireUser());
  app.use("/notes/*", requireUser());
  app.openapi(list, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listNotes(db, { userId: currentUser(c).userId, cursor, limit }), 200);
  });
  app.openapi(createText, async (c) => {
    const userId = currentUser(c).userId;
    const input = c.req.valid("json");
    const title = input.title || input.text.split("\n")[0]?.slice(0, 80) || "";
    const { id } = await createNote(db, {
      userId,
      type: "text",
      title,
      source: { kind: "text" },
      language: input.language ?? null,
      transcriptionCode: "transcription_ready",
    });
    await replaceSegments(db, { userId, noteId: id, segments: splitTextIntoSegments(input.text) });
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 201);
  });
  app.openapi(get, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row), transcript: await listSegments(db, { userId, noteId: id }) }, 200);
  });
  return app;
}

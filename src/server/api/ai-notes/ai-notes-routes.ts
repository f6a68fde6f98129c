import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { PgBoss } from "pg-boss";
import { findAiNotes } from "~/core/ai-notes/data";
import { enqueueNotes } from "~/core/ai-notes/jobs";
import { editAiNotes } from "~/core/ai-notes/mutations";
import { findNote, toNoteView } from "~/core/notes/data";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { aiNotesContent, aiNotesResponseSchema, notesTemplateChoice, savedAiNotesResponseSchema } from "~/shared/ai-notes/ai-notes-api";
import { noteResponseSchema } from "~/shared/notes/notes-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = {
  400: errorResponse("Invalid input"),
  401: errorResponse("Not signed in"),
  404: errorResponse("No such note"),
  409: errorResponse("Not possible in the note's state"),
};
const noteParams = z.object({ id: z.uuid() });

const get = createRoute({
  method: "get",
  path: "/notes/{id}/ai-notes",
  tags: ["ai-notes"],
  summary: "The note's AI notes (null until generated)",
  request: { params: noteParams },
  responses: {
    200: { description: "The notes", content: { "application/json": { schema: aiNotesResponseSchema } } },
    ...errors,
  },
});
const edit = createRoute({
  method: "put",
  path: "/notes/{id}/ai-notes",
  tags: ["ai-notes"],
  summary: "Save the user's edit of the AI notes",
  request: {
    params: noteParams,
    body: { content: { "application/json": { schema: z.object({ content: aiNotesContent }).strict() } }, required: true },
  },
  responses: {
    200: { description: "Saved", content: { "application/json": { schema: savedAiNotesResponseSchema } } },
    ...errors,
  },
});
const regenerate = createRoute({
  method: "post",
  path: "/notes/{id}/ai-notes/regenerate",
  tags: ["ai-notes"],
  summary: "Write the AI notes again (with a chosen template or language)",
  request: {
    params: noteParams,
    body: {
      content: {
        "application/json": {
          schema: z
            .object({
              template: notesTemplateChoice.optional(),
              language: z
                .string()
                .regex(/^[a-z]{2,3}$/)
                .optional(),
            })
            .strict(),
        },
      },
      required: false,
    },
  },
  responses: {
    202: {
      description: "Queued",
      content: { "application/json": { schema: noteResponseSchema } },
    },
    ...errors,
  },
});

/** AI notes of the signed-in user's notes under /api/notes/{id}/ai-notes (another user's note is not found). */
export function aiNotesRoutes({ db, boss }: { db: Database; boss: PgBoss }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/notes/*", requireUser());
  app.openapi(get, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    if (!(await findNote(db, { userId, noteId: id }))) throw new AppError("NOT_FOUND");
    return c.json({ aiNotes: await findAiNotes(db, { userId, noteId: id }) }, 200);
  });
  app.openapi(edit, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const { content } = c.req.valid("json");
    if (!(await findNote(db, { userId, noteId: id }))) throw new AppError("NOT_FOUND");
    if (!(await editAiNotes(db, { userId, noteId: id, content }))) throw new AppError("NO_AI_NOTES");
    const saved = await findAiNotes(db, { userId, noteId: id });
    if (!saved) throw new AppError("NO_AI_NOTES");
    return c.json({ aiNotes: saved }, 200);
  });
  app.openapi(regenerate, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
    const note = await findNote(db, { userId, noteId: id });
    if (!note) throw new AppError("NOT_FOUND");
    if (note.transcriptionCode !== "transcription_ready") throw new AppError("TRANSCRIPT_NOT_READY");
    await enqueueNotes(db, boss, { userId, noteId: id, template: body.template, language: body.language });
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 202);
  });
  return app;
}

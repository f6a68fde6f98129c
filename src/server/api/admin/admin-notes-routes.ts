import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { PgBoss } from "pg-boss";
import { recordAdminAction } from "~/core/admin-audit/mutations";
import { findUserEmail, listAdminNotes, listNoteJobs } from "~/core/admin-notes/data";
import { findAiNotes } from "~/core/ai-notes/data";
import { enqueueNotes, notesJobName } from "~/core/ai-notes/jobs";
import { findBotOfNote } from "~/core/meetings/data";
import { findNote, listSegments, toNoteView } from "~/core/notes/data";
import { retryTranscription } from "~/core/transcription/intake";
import { transcriptionJobName } from "~/core/transcription/jobs";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { ApiEnv } from "~/server/hono-env";
import {
  adminNoteDetailSchema,
  adminNotePageSchema,
  adminNoteStatusFilters,
  adminRetryInputSchema,
  adminRetryResponseSchema,
} from "~/shared/admin/admin-notes-api";
import { noteTypes } from "~/shared/notes/statuses";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Issue 20: the admin notes screens' API (admins only; every other notes route is the owner's own).
const errors = { 400: errorResponse("Invalid input"), 401: errorResponse("Not signed in"), 403: errorResponse("Not an admin") };
const typeList = new RegExp(`^(${noteTypes.join("|")})(,(${noteTypes.join("|")}))*$`);
const listQuery = z.object({
  type: z.string().regex(typeList).optional(),
  status: z.enum(adminNoteStatusFilters).optional(),
  failuresFirst: z.enum(["true", "false"]).default("false"),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  userId: z.string().min(1).max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
const noteParams = z.object({ ownerId: z.string().min(1).max(100), id: z.uuid() });

const list = createRoute({
  method: "get",
  path: "/admin/notes",
  tags: ["admin"],
  summary: "Notes across all users (or one user), newest or failures first, cursor pages",
  request: { query: listQuery },
  responses: { 200: { description: "A page", content: { "application/json": { schema: adminNotePageSchema } } }, ...errors },
});
const detail = createRoute({
  method: "get",
  path: "/admin/notes/{ownerId}/{id}",
  tags: ["admin"],
  summary: "One user's note read-only: transcript, AI notes, meeting status history and job attempts",
  request: { params: noteParams },
  responses: {
    200: { description: "The note", content: { "application/json": { schema: adminNoteDetailSchema } } },
    404: errorResponse("No such note"),
    ...errors,
  },
});
const retry = createRoute({
  method: "post",
  path: "/admin/notes/{ownerId}/{id}/retry",
  tags: ["admin"],
  summary: "Queue a failed transcription or failed AI notes again (audited)",
  request: { params: noteParams, body: { content: { "application/json": { schema: adminRetryInputSchema } }, required: true } },
  responses: {
    202: { description: "Queued", content: { "application/json": { schema: adminRetryResponseSchema } } },
    404: errorResponse("No such note"),
    409: errorResponse("That part did not fail (NOT_RETRYABLE)"),
    ...errors,
  },
});

export function adminNotesRoutes({ db, boss, storage }: { db: Database; boss: PgBoss; storage: Storage }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/admin/notes", requireUser());
  app.use("/admin/notes/*", requireUser());
  app.use("/admin/notes", async (c, next) => {
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  });
  app.use("/admin/notes/*", async (c, next) => {
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  });

  app.openapi(list, async (c) => {
    const query = c.req.valid("query");
    const to = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : null;
    const page = await listAdminNotes(db, {
      filters: {
        types: [...new Set(query.type?.split(",") ?? [])] as (typeof noteTypes)[number][],
        status: query.status ?? null,
        failuresFirst: query.failuresFirst === "true",
        createdFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : null,
        createdBefore: to,
        userId: query.userId ?? null,
      },
      cursor: query.cursor ?? null,
      limit: query.limit,
    });
    const ownerEmail = query.userId ? await findUserEmail(db, query.userId) : null;
    return c.json({ ...page, ownerEmail }, 200);
  });

  app.openapi(detail, async (c) => {
    const { ownerId, id } = c.req.valid("param");
    const note = await findNote(db, { userId: ownerId, noteId: id });
    const ownerEmail = await findUserEmail(db, ownerId);
    if (!note || ownerEmail === null) throw new AppError("NOTE_NOT_FOUND");
    const [transcript, aiNotes, bot, jobs] = await Promise.all([
      listSegments(db, { userId: ownerId, noteId: id }),
      findAiNotes(db, { userId: ownerId, noteId: id }),
      note.type === "meeting" ? findBotOfNote(db, { userId: ownerId, noteId: id }) : Promise.resolve(null),
      listNoteJobs(db, { noteId: id, queues: [transcriptionJobName, notesJobName] }),
    ]);
    return c.json(
      {
        ownerId,
        ownerEmail,
        note: toNoteView(note),
        transcript,
        aiNotes,
        meetingHistory: bot?.history ?? [],
        jobs,
      },
      200,
    );
  });

  app.openapi(retry, async (c) => {
    const admin = currentUser(c);
    const { ownerId, id } = c.req.valid("param");
    const { what } = c.req.valid("json");
    const note = await findNote(db, { userId: ownerId, noteId: id });
    if (!note) throw new AppError("NOTE_NOT_FOUND");
    if (what === "transcription") {
      // The owner's own retry path (POST /notes/{id}/retry), acting for the owner.
      const outcome = await retryTranscription({ db, boss, storage }, { userId: ownerId, noteId: id });
      if (outcome === "missing") throw new AppError("NOTE_NOT_FOUND");
      if (outcome === "notRetryable") throw new AppError("NOT_RETRYABLE");
    } else {
      // As the owner's regenerate does, but only for notes that failed (an admin does not redo good notes).
      if (note.notesStatus !== "notes_failed" || note.transcriptionCode !== "transcription_ready") throw new AppError("NOT_RETRYABLE");
      await enqueueNotes(db, boss, { userId: ownerId, noteId: id });
    }
    const [actorEmail, targetEmail] = await Promise.all([findUserEmail(db, admin.userId), findUserEmail(db, ownerId)]);
    await recordAdminAction(db, {
      actor: { id: admin.userId, email: actorEmail ?? "" },
      action: what === "transcription" ? "note.retry_transcription" : "note.retry_notes",
      target: { userId: ownerId, email: targetEmail, noteId: id },
      details: what === "transcription" ? { previousError: note.transcriptionError } : { previousError: note.notesError },
    });
    return c.json({ success: true as const, queued: what }, 202);
  });
  return app;
}

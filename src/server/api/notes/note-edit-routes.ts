import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { findNote, toNoteView } from "~/core/notes/data";
import { deleteNote, editSegment, renameSpeaker, updateNote } from "~/core/notes/mutations";
import { playableMedia, youtubeVideoIdOf } from "~/core/notes/playback";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { ApiEnv } from "~/server/hono-env";
import {
  notePlaybackSchema,
  noteResponseSchema,
  speakerRenameResponseSchema,
  transcriptSegmentResponseSchema,
} from "~/shared/notes/notes-api";
import { AppError, errorResponse } from "../api-error";
import { mediaRedirectResponse, mediaResponse } from "../media-stream";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = {
  400: errorResponse("Invalid input"),
  401: errorResponse("Not signed in"),
  404: errorResponse("No such note (or not the user's)"),
};
const noteParams = z.object({ id: z.uuid() });

/** Speaker labels: 1-80 characters once trimmed (a name, "Speaker 2", "Dr. Ana Lima (host)"). */
const speakerName = z.string().trim().min(1).max(80);

const playback = createRoute({
  method: "get",
  path: "/notes/{id}/playback",
  tags: ["notes"],
  summary: "What the note page can play: its media (audio or video) or the YouTube video it links to",
  request: { params: noteParams },
  responses: {
    200: { description: "Playback", content: { "application/json": { schema: notePlaybackSchema } } },
    ...errors,
  },
});
const media = createRoute({
  method: "get",
  path: "/notes/{id}/media",
  tags: ["notes"],
  summary: "The note's audio or video, with HTTP Range for seeking (206)",
  request: { params: noteParams },
  responses: {
    200: { description: "The whole file" },
    206: { description: "The asked range" },
    ...mediaRedirectResponse,
    416: { description: "The range is outside the file" },
    ...errors,
  },
});
const rename = createRoute({
  method: "patch",
  path: "/notes/{id}",
  tags: ["notes"],
  summary: "Rename the note",
  request: {
    params: noteParams,
    body: { content: { "application/json": { schema: z.object({ title: z.string().trim().min(1).max(200) }).strict() } }, required: true },
  },
  responses: {
    200: { description: "Renamed", content: { "application/json": { schema: noteResponseSchema } } },
    ...errors,
  },
});
const remove = createRoute({
  method: "delete",
  path: "/notes/{id}",
  tags: ["notes"],
  summary: "Delete the note, its files, transcript, AI notes and chats",
  request: { params: noteParams },
  responses: { 204: { description: "Deleted" }, ...errors },
});
const editSegmentRoute = createRoute({
  method: "patch",
  path: "/notes/{id}/transcript/{position}",
  tags: ["notes"],
  summary: "Correct one transcript segment's text or speaker label",
  request: {
    params: z.object({ id: z.uuid(), position: z.coerce.number().int().min(0).max(1_000_000) }),
    body: {
      content: {
        "application/json": {
          schema: z
            .object({ text: z.string().trim().min(1).max(20_000).optional(), speaker: speakerName.nullable().optional() })
            .strict()
            .refine((edit) => edit.text !== undefined || edit.speaker !== undefined, { message: "text or speaker is required" }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: { description: "Saved", content: { "application/json": { schema: transcriptSegmentResponseSchema } } },
    ...errors,
  },
});
const renameSpeakerRoute = createRoute({
  method: "post",
  path: "/notes/{id}/speakers/rename",
  tags: ["notes"],
  summary: "Rename a speaker in every segment of the note",
  request: {
    params: noteParams,
    body: { content: { "application/json": { schema: z.object({ from: speakerName, to: speakerName }).strict() } }, required: true },
  },
  responses: {
    200: { description: "Renamed", content: { "application/json": { schema: speakerRenameResponseSchema } } },
    ...errors,
  },
});

/** Editing the signed-in user's note (issue 5): title, transcript, speakers, delete; its media for the player. */
export function noteEditRoutes({ db, storage }: { db: Database; storage: Storage }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/notes/*", requireUser());

  app.openapi(playback, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const note = await findNote(db, { userId, noteId: id });
    if (!note) throw new AppError("NOT_FOUND");
    const playable = playableMedia(note);
    return c.json(
      { media: playable ? { kind: playable.kind, url: `/api/notes/${id}/media` } : null, youtubeVideoId: youtubeVideoIdOf(note.source) },
      200,
    );
  });
  app.openapi(media, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const note = await findNote(db, { userId, noteId: id });
    const playable = note ? playableMedia(note) : null;
    if (!note?.mediaKey || !playable) throw new AppError("NOT_FOUND");
    const answer = await mediaResponse(storage, {
      key: note.mediaKey,
      contentType: playable.contentType,
      rangeHeader: c.req.header("Range"),
      method: c.req.method,
    });
    if (!answer) throw new AppError("NOT_FOUND");
    return answer;
  });
  app.openapi(rename, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const { title } = c.req.valid("json");
    if (!(await updateNote(db, { userId, noteId: id, patch: { title } }))) throw new AppError("NOT_FOUND");
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 200);
  });
  app.openapi(remove, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    if (!(await deleteNote(db, storage, { userId, noteId: id }))) throw new AppError("NOT_FOUND");
    return c.body(null, 204);
  });
  app.openapi(editSegmentRoute, async (c) => {
    const userId = currentUser(c).userId;
    const { id, position } = c.req.valid("param");
    const edit = c.req.valid("json");
    const segment = await editSegment(db, { userId, noteId: id, position, edit });
    if (!segment) throw new AppError("NOT_FOUND");
    return c.json({ segment }, 200);
  });
  app.openapi(renameSpeakerRoute, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const { from, to } = c.req.valid("json");
    const renamed = await renameSpeaker(db, { userId, noteId: id, from, to });
    if (renamed === null) throw new AppError("NOT_FOUND");
    return c.json({ renamed }, 200);
  });
  return app;
}

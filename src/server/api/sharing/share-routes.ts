import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { findSharedMedia, findSharedNote } from "~/core/sharing/data";
import { revokeShare, shareNote } from "~/core/sharing/mutations";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { ApiEnv } from "~/server/hono-env";
import { publicNoteResponseSchema, shareIdParam, shareLinkResponseSchema } from "~/shared/sharing/sharing-api";
import { AppError, errorResponse } from "../api-error";
import { mediaRedirectResponse, mediaResponse } from "../media-stream";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const notFound = { 404: errorResponse("No such note or link") };
const ownerErrors = { 400: errorResponse("Invalid input"), 401: errorResponse("Not signed in"), ...notFound };
const noteParams = z.object({ id: z.uuid() });
const sharedParams = z.object({ shareId: shareIdParam });

const share = createRoute({
  method: "post",
  path: "/notes/{id}/share",
  tags: ["sharing"],
  summary: "Turn on the note's public link (the existing one when it is already shared)",
  request: { params: noteParams },
  responses: {
    200: { description: "The link", content: { "application/json": { schema: shareLinkResponseSchema } } },
    ...ownerErrors,
  },
});
const revoke = createRoute({
  method: "delete",
  path: "/notes/{id}/share",
  tags: ["sharing"],
  summary: "Turn the public link off; the old address then answers 404",
  request: { params: noteParams },
  responses: { 204: { description: "Revoked" }, ...ownerErrors },
});
const readShared = createRoute({
  method: "get",
  path: "/shared/{shareId}",
  tags: ["sharing"],
  summary: "A shared note in public mode (no account needed; nothing about its owner)",
  request: { params: sharedParams },
  responses: {
    200: { description: "The note", content: { "application/json": { schema: publicNoteResponseSchema } } },
    ...notFound,
  },
});
const sharedMedia = createRoute({
  method: "get",
  path: "/shared/{shareId}/media",
  tags: ["sharing"],
  summary: "A shared note's audio or video, with HTTP Range for seeking (206)",
  request: { params: sharedParams },
  responses: {
    200: { description: "The whole file" },
    206: { description: "The asked range" },
    ...mediaRedirectResponse,
    416: { description: "The range is outside the file" },
    ...notFound,
  },
});

/**
 * Public links (issue 5): the owner turns a note's link on and off under /api/notes/{id}/share; anyone
 * with the link reads it under /api/shared/{shareId}. A malformed link id reads as not found, like an unknown one.
 */
export function shareRoutes({ db, storage, publicUrl }: { db: Database; storage: Storage; publicUrl?: string }) {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success && c.req.path.startsWith("/api/shared/")) throw new AppError("NOT_FOUND");
      return validationHook(result, c);
    },
  });
  app.use("/notes/*", requireUser());

  app.openapi(share, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const shareId = await shareNote(db, { userId, noteId: id });
    if (!shareId) throw new AppError("NOT_FOUND");
    const origin = publicUrl ? new URL(publicUrl).origin : new URL(c.req.url).origin;
    return c.json({ shareId, url: `${origin}/n/${shareId}` }, 200);
  });
  app.openapi(revoke, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    if (!(await revokeShare(db, { userId, noteId: id }))) throw new AppError("NOT_FOUND");
    return c.body(null, 204);
  });
  app.openapi(readShared, async (c) => {
    const { shareId } = c.req.valid("param");
    const note = await findSharedNote(db, { shareId });
    if (!note) throw new AppError("NOT_FOUND");
    // A shared page is not for search engines, and the owner may turn it off at any moment.
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    return c.json({ note }, 200);
  });
  app.openapi(sharedMedia, async (c) => {
    const { shareId } = c.req.valid("param");
    const media = await findSharedMedia(db, { shareId });
    if (!media) throw new AppError("NOT_FOUND");
    const answer = await mediaResponse(storage, { ...media, rangeHeader: c.req.header("Range"), method: c.req.method });
    if (!answer) throw new AppError("NOT_FOUND");
    answer.headers.set("X-Robots-Tag", "noindex, nofollow");
    return answer;
  });
  return app;
}

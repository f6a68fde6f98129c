import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { findFolder, listFolders } from "~/core/folders/data";
import { createFolder, deleteFolder, moveNote, renameFolder } from "~/core/folders/mutations";
import { parseFolderName } from "~/core/folders/schema";
import { findNote, toNoteView } from "~/core/notes/data";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { folderListSchema, folderResponseSchema } from "~/shared/folders/folders-api";
import { noteResponseSchema } from "~/shared/notes/notes-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = { 400: errorResponse("Invalid input"), 401: errorResponse("Not signed in"), 404: errorResponse("No such folder or note") };

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
// The name's own rules (length, characters) are checked by the domain, so each gets its own translated error.
const nameInput = z.object({ name: z.string().max(1000) }).strict();
const idParam = z.object({ id: z.uuid() });

const list = createRoute({
  method: "get",
  path: "/folders",
  tags: ["folders"],
  summary: "The signed-in user's folders by name, with how many notes each holds",
  responses: {
    200: { description: "Every folder", ...json(folderListSchema) },
    ...errors,
  },
});
const get = createRoute({
  method: "get",
  path: "/folders/{id}",
  tags: ["folders"],
  summary: "One folder",
  request: { params: idParam },
  responses: { 200: { description: "The folder", ...json(folderResponseSchema) }, ...errors },
});
const create = createRoute({
  method: "post",
  path: "/folders",
  tags: ["folders"],
  summary: "Create a folder (names: 1-60 characters, unique per user in any case)",
  request: { body: { required: true, ...json(nameInput) } },
  responses: {
    201: { description: "Created", ...json(folderResponseSchema) },
    409: errorResponse("The user already has a folder of that name"),
    ...errors,
  },
});
const rename = createRoute({
  method: "patch",
  path: "/folders/{id}",
  tags: ["folders"],
  summary: "Rename a folder",
  request: { params: idParam, body: { required: true, ...json(nameInput) } },
  responses: {
    200: { description: "Renamed", ...json(folderResponseSchema) },
    409: errorResponse("The user already has a folder of that name"),
    ...errors,
  },
});
const remove = createRoute({
  method: "delete",
  path: "/folders/{id}",
  tags: ["folders"],
  summary: "Delete a folder; its notes are kept, in no folder",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errors },
});
const move = createRoute({
  method: "put",
  path: "/notes/{id}/folder",
  tags: ["folders"],
  summary: "File a note in a folder (folderId null: in no folder)",
  request: { params: idParam, body: { required: true, ...json(z.object({ folderId: z.uuid().nullable() }).strict()) } },
  responses: { 200: { description: "Moved", ...json(noteResponseSchema) }, ...errors },
});

function validName(raw: string): string {
  const parsed = parseFolderName(raw);
  if ("error" in parsed) throw new AppError(parsed.error);
  return parsed.name;
}

/** Folders under /api/folders and a note's folder; another user's folder or note reads as not found. */
export function folderRoutes({ db }: { db: Database }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/folders", requireUser());
  app.use("/folders/*", requireUser());
  app.use("/notes/:id/folder", requireUser());
  app.openapi(list, async (c) => c.json(await listFolders(db, { userId: currentUser(c).userId }), 200));
  app.openapi(get, async (c) => {
    const folder = await findFolder(db, { userId: currentUser(c).userId, folderId: c.req.valid("param").id });
    if (!folder) throw new AppError("FOLDER_NOT_FOUND");
    return c.json({ folder }, 200);
  });
  app.openapi(create, async (c) => {
    const userId = currentUser(c).userId;
    const name = validName(c.req.valid("json").name);
    const outcome = await createFolder(db, { userId, name });
    if ("error" in outcome) throw new AppError("FOLDER_NAME_TAKEN");
    return c.json({ folder: outcome.folder }, 201);
  });
  app.openapi(rename, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const name = validName(c.req.valid("json").name);
    const outcome = await renameFolder(db, { userId, folderId: id, name });
    if ("error" in outcome) throw new AppError(outcome.error === "missing" ? "FOLDER_NOT_FOUND" : "FOLDER_NAME_TAKEN");
    return c.json({ folder: outcome.folder }, 200);
  });
  app.openapi(remove, async (c) => {
    const isDeleted = await deleteFolder(db, { userId: currentUser(c).userId, folderId: c.req.valid("param").id });
    if (!isDeleted) throw new AppError("FOLDER_NOT_FOUND");
    return c.body(null, 204);
  });
  app.openapi(move, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const outcome = await moveNote(db, { userId, noteId: id, folderId: c.req.valid("json").folderId });
    if (outcome === "noteMissing") throw new AppError("NOTE_NOT_FOUND");
    if (outcome === "folderMissing") throw new AppError("FOLDER_NOT_FOUND");
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOTE_NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 200);
  });
  return app;
}

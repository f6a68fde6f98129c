import { z } from "zod";

/** A folder as the API answers it. */
export const folderViewSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** How many of the user's notes are filed in it. */
    noteCount: z.number().int(),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: "Folder" });
export type FolderView = z.infer<typeof folderViewSchema>;

/** GET /api/folders: every folder at once (the list shape of spec section 3, nextCursor always null). */
export const folderListSchema = z.object({ items: z.array(folderViewSchema), nextCursor: z.null() }).meta({ id: "FolderList" });
export type FolderList = z.infer<typeof folderListSchema>;

/** One folder: what reading, creating and renaming a folder answer. */
export const folderResponseSchema = z.object({ folder: folderViewSchema }).meta({ id: "FolderResponse" });
export type FolderResponse = z.infer<typeof folderResponseSchema>;

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

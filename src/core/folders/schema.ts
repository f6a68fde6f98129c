import { z } from "zod";

/** Longest folder name, in characters (code points): a sidebar row and a select option stay one line. */
export const folderNameMaxLength = 60;

/** Why a folder name was refused; each is an API error code with a translated message. */
export type FolderNameError = "FOLDER_NAME_REQUIRED" | "FOLDER_NAME_TOO_LONG" | "FOLDER_NAME_INVALID";

// Control characters (tabs, new lines, escapes) would break the one-line rows and menus a name appears in.
const controlCharacter = /\p{Cc}/u;

/**
 * A folder name as people type it: trimmed, NFC (so "é" typed two ways is one name), 1-60 characters, no
 * control characters. Each issue's message is its error code, so the API can answer with the right one.
 */
export const folderName = z
  .string()
  .transform((raw) => raw.normalize("NFC").trim())
  .superRefine((name, context) => {
    const code: FolderNameError | null =
      name.length === 0
        ? "FOLDER_NAME_REQUIRED"
        : [...name].length > folderNameMaxLength
          ? "FOLDER_NAME_TOO_LONG"
          : controlCharacter.test(name)
            ? "FOLDER_NAME_INVALID"
            : null;
    if (code) context.addIssue({ code: "custom", message: code });
  });

/** The folder name, or the reason it was refused. */
export function parseFolderName(raw: string): { name: string } | { error: FolderNameError } {
  const result = folderName.safeParse(raw);
  if (result.success) return { name: result.data };
  return { error: (result.error.issues[0]?.message ?? "FOLDER_NAME_INVALID") as FolderNameError };
}

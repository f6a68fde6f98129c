// Cursors of the admin lists (users, audit log): the last row's time and id, opaque to the browser.

export interface PageCursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor({ createdAt, id }: PageCursor): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, "utf8").toString("base64url");
}

/** A cursor that does not decode reads as the first page rather than an error: it is only a bookmark. */
export function decodeCursor(cursor: string | undefined | null): PageCursor | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

import { createHash } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "~/core/idempotency/mutations";
import { idempotencyKeyPattern } from "~/core/idempotency/policy";
import type { Database } from "~/infra/db/client";
import { AppError } from "../api-error";
import { idempotencyKeyHeader } from "../idempotency";

// Issue 21: a tus creation (POST /api/uploads) sent with an Idempotency-Key makes one upload per user and key
// for 24 hours; a client that retries after a dropped answer gets the first upload's Location again, and
// resumes it, instead of starting a second upload that counts against the plan twice. The same rules as the
// note-creating calls (idempotency.ts): 422 for the key with another upload, 409 while the first still runs,
// only a 201 kept. The request is the upload's declared length and metadata: the bytes a creation may carry
// (creation-with-upload) are the start of that same file, and the replay tells the client how far it got.

/** What a kept creation answer holds. */
const keptCreation = z.object({ location: z.string().min(1), noteId: z.string().nullable() });

/** Headers of the first answer a replay repeats, taken from the upload as it is now (tus HEAD). */
const uploadStateHeaders = ["Upload-Offset", "Upload-Length", "Upload-Expires"];

export async function createUploadOnce(
  db: Database,
  {
    userId,
    key,
    request,
    create,
    head,
  }: {
    userId: string;
    key: string;
    request: Request;
    /** The tus creation itself. */
    create(): Promise<Response>;
    /** A tus HEAD of the kept upload (its offset now). */
    head(location: string): Promise<Response>;
  },
): Promise<Response> {
  if (!idempotencyKeyPattern.test(key)) {
    throw new AppError("VALIDATION_FAILED", [{ field: idempotencyKeyHeader, message: "1 to 255 printable ASCII characters" }]);
  }
  const requestHash = createHash("sha256")
    .update(`POST /api/uploads\n`)
    .update(["upload-length", "upload-defer-length", "upload-metadata"].map((name) => request.headers.get(name) ?? "").join("\n"))
    .digest("hex");
  const claim = await claimIdempotencyKey(db, { userId, key, requestHash, at: new Date() });
  if (claim.kind === "other_request") throw new AppError("IDEMPOTENCY_KEY_REUSED");
  if (claim.kind === "in_progress") throw new AppError("IDEMPOTENCY_KEY_IN_PROGRESS");
  if (claim.kind === "replay") return replay(claim.status, keptCreation.parse(claim.body), head);
  let created: Response;
  try {
    created = await create();
  } catch (error) {
    await releaseIdempotencyKey(db, { userId, key });
    throw error;
  }
  const location = created.headers.get("Location");
  if (created.status !== 201 || !location) {
    await releaseIdempotencyKey(db, { userId, key });
    return created;
  }
  const kept = { location, noteId: created.headers.get("Parley-Note-Id") };
  await completeIdempotencyKey(db, { userId, key, status: 201, body: kept });
  return created;
}

async function replay(
  status: number,
  kept: z.infer<typeof keptCreation>,
  head: (location: string) => Promise<Response>,
): Promise<Response> {
  const headers = new Headers({ Location: kept.location, "Tus-Resumable": "1.0.0", "Idempotent-Replayed": "true" });
  if (kept.noteId) headers.set("Parley-Note-Id", kept.noteId);
  // An upload that expired since is not found: the client's next request learns so and starts again.
  const current = await head(kept.location);
  if (current.ok) {
    for (const name of uploadStateHeaders) {
      const value = current.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
  }
  return new Response(null, { status, headers });
}

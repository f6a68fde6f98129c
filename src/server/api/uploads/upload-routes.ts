import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { FileStore } from "@tus/file-store";
import { type DataStore, type Locker, Server as TusServer, type Upload } from "@tus/server";
import { findReachedLimit } from "~/core/billing/limits";
import type { PlanLimits } from "~/core/billing/plan";
import { uploadExpirationMs } from "~/core/transcription/expired-uploads-job";
import {
  acceptUpload,
  type IntakeDeps,
  isDocumentFileName,
  type UploadedBytes,
  type UploadMetadata,
  uploadMetadata,
} from "~/core/transcription/intake";
import { decideSpokenLanguage, type EngineLanguages } from "~/core/transcription/spoken-language";
import type { Logger } from "~/infra/logging/logger";
import type { ApiEnv } from "~/server/hono-env";
import type { Catalogs } from "~/server/i18n-catalogs";
import type { LimitErrorSource } from "~/shared/billing/plans";
import { AppError, apiErrorStatus, errorBody } from "../api-error";
import { idempotencyKeyHeader } from "../idempotency";
import { unsupportedLanguageError } from "../language-error";
import { limitReachedError } from "../limit-error";
import { currentUser, requireUser } from "../require-user";
import { createUploadOnce } from "./idempotent-creation";

// Resumable uploads (tus 1.0.0, @tus/server) under /api/uploads for media files, browser recordings and
// documents. The browser (tus-js-client) creates an upload, PATCHes chunks, and after a reload or a
// dropped connection asks the server how far it got (HEAD) and continues from there. The finished file
// becomes a note (core/transcription/intake). Uploads are private: the id starts with a tag of the
// owner's id, and every request for an id is refused unless that tag is the signed-in user's.

export interface UploadLimits {
  maxBytes: number;
  documentMaxBytes: number;
}

/** Internal header carrying the owner into tus's hooks; a client-sent one is dropped first. */
const ownerHeader = "x-parley-upload-owner";
/** The note id is chosen at creation and kept in the upload's metadata (idempotent finish). */
const noteIdKey = "parleyNoteId";

function ownerTag(userId: string): string {
  return createHash("sha256").update(userId).digest("hex").slice(0, 16);
}

class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

/**
 * Plan limits checked when an upload begins (issue 7): files count as uploads and need minutes, documents
 * count as uploads. A browser recording is never refused: it already happened and refusing it would lose
 * it; its minutes are counted when it is transcribed.
 */
const limitSources: Record<UploadMetadata["kind"], readonly LimitErrorSource[]> = {
  file: ["upload_count", "transcription_minutes"],
  document: ["upload_count"],
  recording: [],
};

export function uploadRoutes(
  deps: IntakeDeps & {
    uploadDir: string;
    /**
     * Where uploads in progress live when storage is S3 (issue 21): the bucket, so no byte stays on this
     * machine and any web process resumes any upload. Absent: files under `uploadDir`.
     */
    uploadStore?: DataStore | null;
    /**
     * The lock tus takes per upload (issue 21): one across every web process on PostgreSQL
     * (infra/storage/upload-locker.ts). Absent: tus's own, in this process's memory.
     */
    uploadLocker?: Locker;
    limits: UploadLimits;
    planLimits: PlanLimits;
    catalogs: Catalogs;
    logger: Logger;
    /** What the speech engine transcribes (sure and current): media in another language is refused at creation. */
    spokenLanguages(): Promise<EngineLanguages>;
  },
) {
  const refuse = (headers: Headers, error: AppError) =>
    new TusRefusal(apiErrorStatus[error.code], JSON.stringify(errorBody(deps.catalogs, headers, error)));
  const tus = new TusServer({
    path: "/api/uploads",
    datastore: deps.uploadStore ?? new FileStore({ directory: deps.uploadDir, expirationPeriodInMilliseconds: uploadExpirationMs }),
    maxSize: deps.limits.maxBytes,
    locker: deps.uploadLocker,
    relativeLocation: true,
    exposedHeaders: ["Parley-Note-Id"],
    namingFunction: (request) => `${request.headers.get(ownerHeader) ?? "anonymous"}-${randomUUID()}`,
    onUploadCreate: async (request, upload: Upload) => {
      const parsed = uploadMetadata.safeParse(upload.metadata ?? {});
      if (!parsed.success) throw refuse(request.headers, new AppError("INVALID_UPLOAD"));
      const metadata = parsed.data;
      if (metadata.kind === "document") {
        if (!isDocumentFileName(metadata.filename)) throw refuse(request.headers, new AppError("UNSUPPORTED_DOCUMENT"));
        if ((upload.size ?? 0) > deps.limits.documentMaxBytes) throw refuse(request.headers, new AppError("DOCUMENT_TOO_LARGE"));
      }
      // Media in a language the engine cannot do is refused before a byte is sent or an upload counted (issue
      // 19); "auto" on a one-language engine is stored as that language, so the note says what it was read as.
      const spoken = metadata.kind === "document" ? null : decideSpokenLanguage(await deps.spokenLanguages(), metadata.language);
      if (spoken?.kind === "unsupported") throw refuse(request.headers, unsupportedLanguageError(spoken, request.headers));
      const userId = request.headers.get("x-parley-user-id") ?? "";
      const reached = await findReachedLimit(deps.db, deps.planLimits, { userId, sources: limitSources[metadata.kind] });
      if (reached) throw refuse(request.headers, limitReachedError(reached));
      const metadataOut: Record<string, string | null> = { ...upload.metadata, [noteIdKey]: randomUUID() };
      if (spoken?.kind === "accepted" && spoken.language) metadataOut.language = spoken.language;
      return { metadata: metadataOut };
    },
    onUploadFinish: async (request, upload: Upload) => {
      const userId = request.headers.get("x-parley-user-id") ?? "";
      const parsed = uploadMetadata.safeParse(upload.metadata ?? {});
      const noteId = upload.metadata?.[noteIdKey];
      if (!parsed.success || !noteId) throw refuse(request.headers, new AppError("INVALID_UPLOAD"));
      // The bytes move into storage; the upload's small record (.json on disk, .info in the bucket) stays for
      // tus's own bookkeeping (it reads it back after this hook: a retried HEAD still finds the upload done).
      const bytes: UploadedBytes = deps.uploadStore ? { stagedKey: upload.id } : { filePath: path.join(deps.uploadDir, upload.id) };
      const result = await acceptUpload(deps, { userId, noteId, metadata: parsed.data, bytes, sizeBytes: upload.size ?? upload.offset });
      return { headers: { "Parley-Note-Id": result.noteId } };
    },
    onResponseError: (request, error) => {
      if (error instanceof TusRefusal) return { status_code: error.status_code, body: error.body };
      // tus's own protocol answers (413 over the size limit, 409 wrong offset...) are plain objects: as they are.
      if (!(error instanceof Error)) return undefined;
      deps.logger.error({ err: error }, "upload failed");
      // tus would answer its own text (a database error's query and parameters included): the API's body instead.
      return { status_code: 500, body: JSON.stringify(errorBody(deps.catalogs, request.headers, new AppError("INTERNAL_ERROR"))) };
    },
  });
  const handle = async (request: Request, userId: string) => {
    const headers = new Headers(request.headers);
    headers.delete(ownerHeader);
    headers.delete("x-parley-user-id");
    headers.set(ownerHeader, ownerTag(userId));
    headers.set("x-parley-user-id", userId);
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, body: request.body, duplex: "half" };
    return tus.handleWeb(new Request(request.url, init));
  };

  const app = new OpenAPIHono<ApiEnv>();
  app.use("/uploads", requireUser());
  app.use("/uploads/*", requireUser());
  app.all("/uploads", (c) => {
    const { userId } = currentUser(c);
    const key = c.req.header(idempotencyKeyHeader);
    if (c.req.method !== "POST" || key === undefined) return handle(c.req.raw, userId);
    // Issue 21: a retried creation with the same key gets the first upload back, not a second one.
    return createUploadOnce(deps.db, {
      userId,
      key,
      request: c.req.raw,
      create: () => handle(c.req.raw, userId),
      head: (location) =>
        handle(new Request(new URL(location, c.req.url), { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } }), userId),
    });
  });
  app.all("/uploads/:id", (c) => {
    const { userId } = currentUser(c);
    // Another user's upload reads as missing, never as someone else's bytes.
    if (!c.req.param("id").startsWith(`${ownerTag(userId)}-`)) throw new AppError("NOT_FOUND");
    return handle(c.req.raw, userId);
  });
  return app;
}

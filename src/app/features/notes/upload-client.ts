import type { DetailedError as TusDetailedError } from "tus-js-client";
import { reportPaymentRequired } from "~/app/api/api-client";
import { apiBaseUrl, getCsrfToken } from "~/app/api/csrf-token";

// Resumable uploads to /api/uploads (tus). tus-js-client keeps each unfinished upload's URL in
// localStorage under a fingerprint of the file, so choosing the same file after a reload or a dropped
// connection continues where it stopped; lost connections retry on their own with growing delays.
// tus-js-client (~15 KB gzip) loads with the first upload, not with the dashboard (issue 22).

export type UploadKind = "file" | "recording" | "document";

/** interpretations 5: PATCH requests carry 8 MB (the browser's 64 KB slices are only for progress). */
const chunkSize = 8 * 1024 * 1024;

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

export interface UploadCallbacks {
  onProgress(progress: UploadProgress): void;
  onResumed?(): void;
  onSuccess(noteId: string): void;
  onError(error: UploadFailure): void;
}

/** What went wrong, for the form to translate: the server's own translated message when it sent one. */
export interface UploadFailure {
  status: number | null;
  message: string | null;
  /** A plan-limit 402 the dashboard answers itself (paywall or upgrade request): the form shows nothing. */
  isHandledGlobally: boolean;
}

export interface RunningUpload {
  /** Stops sending; `forget` also deletes what the server has (the cancel button), keeping nothing. */
  abort(options?: { forget?: boolean }): Promise<void>;
}

function failureOf(error: Error, DetailedError: typeof TusDetailedError): UploadFailure {
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus();
    let message: string | null = null;
    let errorSource: string | null = null;
    try {
      const body: unknown = JSON.parse(error.originalResponse.getBody());
      if (body && typeof body === "object" && "message" in body && typeof body.message === "string") message = body.message;
      if (body && typeof body === "object" && "errorSource" in body && typeof body.errorSource === "string") errorSource = body.errorSource;
    } catch {
      message = null;
    }
    // spec section 8: the upload's creation answers 402 over the plan's limit, like every other call.
    const isHandledGlobally = status === 402 && reportPaymentRequired({ message, errorSource });
    return { status, message, isHandledGlobally };
  }
  return { status: null, message: null, isHandledGlobally: false };
}

/** 128 random bits as hex; crypto.randomUUID exists only in secure contexts (not on a plain-http LAN host). */
function uploadKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function startUpload(
  file: File | Blob,
  { kind, fileName, language, title }: { kind: UploadKind; fileName: string; language?: string; title?: string },
  callbacks: UploadCallbacks,
): Promise<RunningUpload> {
  const [csrfToken, { DetailedError, Upload }] = await Promise.all([getCsrfToken(), import("tus-js-client")]);
  const metadata: Record<string, string> = { kind, filename: fileName, filetype: file.type || "application/octet-stream" };
  if (language) metadata.language = language;
  if (title) metadata.title = title;
  const upload = new Upload(file, {
    endpoint: `${apiBaseUrl()}/api/uploads`,
    chunkSize,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    metadata,
    // One key per upload: a creation retried after a dropped answer resumes the same upload instead of
    // starting a second one that would count against the plan twice (issue 21).
    headers: { "X-CSRF-Token": csrfToken, "X-Platform": "web", "Idempotency-Key": uploadKey() },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request) => {
      const xhr = request.getUnderlyingObject() as XMLHttpRequest;
      xhr.withCredentials = true;
    },
    onProgress: (sentBytes, totalBytes) => callbacks.onProgress({ sentBytes, totalBytes }),
    onSuccess: ({ lastResponse }) => {
      const noteId = lastResponse.getHeader("Parley-Note-Id");
      if (noteId) callbacks.onSuccess(noteId);
      else callbacks.onError({ status: null, message: null, isHandledGlobally: false });
    },
    onError: (error) => callbacks.onError(failureOf(error, DetailedError)),
    // A refusal (413 too large, 415 type, 400 metadata, 401 signed out) will not change on retry.
    onShouldRetry: (error) => {
      const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
      return status === 0 || status === 409 || status === 423 || status >= 500;
    },
  });
  const previous = await upload.findPreviousUploads();
  const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
  if (latest) {
    upload.resumeFromPreviousUpload(latest);
    callbacks.onResumed?.();
  }
  upload.start();
  return {
    abort: async ({ forget = false } = {}) => {
      await upload.abort(forget);
    },
  };
}

import { setTimeout as delay } from "node:timers/promises";
import type { TestClient } from "../../test/support/test-web";
import { tusMetadata } from "../../test/support/tus";

// A tus client that behaves as the browser's tus-js-client does (src/app/features/notes/upload-client.ts):
// one PATCH for the whole file, the same retry delays, a retry on a connection error, 409, 423 or any 5xx,
// and after a failure a HEAD to learn how far the server got before sending the rest. The PATCH body is
// paced (a slow link), so an upload is still in flight when a benchmark injects a fault.

const retryDelays = [0, 1000, 3000, 5000, 10000, 20000];
const tus = { "Tus-Resumable": "1.0.0" };
const sliceBytes = 16 * 1024;

export interface UploadOutcome {
  noteId: string | null;
  /** Failed requests the client retried. */
  retries: number;
  /** The server forgot the upload (HEAD 404/410) and it began again from byte 0. */
  restarts: number;
  /** Why it gave up, when it did. */
  error: string | null;
}

class Retryable extends Error {}

function pacedBody(bytes: Uint8Array, bytesPerSecond: number): ReadableStream<Uint8Array> {
  let at = 0;
  const pause = (sliceBytes / bytesPerSecond) * 1000;
  return new ReadableStream({
    async pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      await delay(pause);
      controller.enqueue(bytes.slice(at, at + sliceBytes));
      at += sliceBytes;
    },
  });
}

const isRetryableStatus = (status: number) => status === 409 || status === 423 || status >= 500;

/** The note id tus keeps in the upload's metadata (chosen at creation): what a retried finish reads back. */
function noteIdOfMetadata(header: string | null): string | null {
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (key === "parleyNoteId" && value) return Buffer.from(value, "base64").toString();
  }
  return null;
}

/** Never rejects: whatever stops it is the outcome's error (a benchmark counts it; its processes get cleaned up). */
export function resumableUpload(
  client: TestClient,
  bytes: Uint8Array,
  metadata: Record<string, string>,
  pace: { bytesPerSecond: number },
): Promise<UploadOutcome> {
  return uploadWithRetries(client, bytes, metadata, pace).catch((error: unknown) => ({
    noteId: null,
    retries: 0,
    restarts: 0,
    error: String(error),
  }));
}

async function uploadWithRetries(
  client: TestClient,
  bytes: Uint8Array,
  metadata: Record<string, string>,
  { bytesPerSecond }: { bytesPerSecond: number },
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { noteId: null, retries: 0, restarts: 0, error: null };
  const headers = async () => {
    // First: fetching the token may set the cookie it is paired with.
    const csrf = await client.csrf();
    return { ...tus, Origin: client.baseUrl, Cookie: client.cookieHeader(), "X-CSRF-Token": csrf };
  };
  let location: string | null = null;
  let offset = 0;
  let attempt = 0;
  let offsetBeforeFailure = -1;
  for (;;) {
    try {
      if (!location) {
        const created = await fetch(`${client.baseUrl}/api/uploads`, {
          method: "POST",
          headers: { ...(await headers()), "Upload-Length": String(bytes.length), "Upload-Metadata": tusMetadata(metadata) },
          signal: AbortSignal.timeout(60_000),
        });
        if (isRetryableStatus(created.status)) throw new Retryable(`create answered ${created.status}`);
        if (created.status !== 201) return { ...outcome, error: `create answered ${created.status}: ${await created.text()}` };
        location = created.headers.get("Location");
        offset = 0;
      } else if (offsetBeforeFailure >= 0) {
        const head = await fetch(`${client.baseUrl}${location}`, {
          method: "HEAD",
          headers: await headers(),
          signal: AbortSignal.timeout(60_000),
        });
        if (head.status === 404 || head.status === 410) {
          outcome.restarts += 1;
          location = null;
          continue;
        }
        if (head.status !== 200 && head.status !== 204) throw new Retryable(`HEAD answered ${head.status}`);
        offset = Number(head.headers.get("Upload-Offset") ?? 0);
        // Progress since the last failure: the retry delays start over, as tus-js-client's do.
        if (offset > offsetBeforeFailure) attempt = 0;
        if (offset === bytes.length) return { ...outcome, noteId: noteIdOfMetadata(head.headers.get("Upload-Metadata")) };
      }
      const init: RequestInit & { duplex: "half" } = {
        method: "PATCH",
        headers: { ...(await headers()), "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body: pacedBody(bytes.subarray(offset), bytesPerSecond),
        duplex: "half",
        signal: AbortSignal.timeout(Math.ceil(((bytes.length - offset) / bytesPerSecond) * 1000) + 60_000),
      };
      const patched = await fetch(`${client.baseUrl}${location}`, init);
      await patched.arrayBuffer();
      if (patched.status === 204) return { ...outcome, noteId: patched.headers.get("Parley-Note-Id") };
      if (isRetryableStatus(patched.status)) throw new Retryable(`PATCH answered ${patched.status}`);
      return { ...outcome, error: `PATCH answered ${patched.status}` };
    } catch (error) {
      if (!(error instanceof Retryable) && !(error instanceof TypeError) && (error as Error).name !== "TimeoutError") throw error;
      const wait = retryDelays[attempt];
      if (wait === undefined) return { ...outcome, error: String(error) };
      attempt += 1;
      outcome.retries += 1;
      offsetBeforeFailure = offset;
      await delay(wait);
    }
  }
}

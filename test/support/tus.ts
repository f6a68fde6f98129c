import type { TestClient } from "./test-web";

// The tus 1.0.0 requests a browser's tus-js-client sends, spelled out so tests can stop half-way,
// resume, or send what a well-behaved client never would.
const tus = { "Tus-Resumable": "1.0.0" };

export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

/** Creates an upload; answers the response (201 with Location, or the refusal). */
export function createUpload(
  client: TestClient,
  { size, metadata }: { size: number; metadata: Record<string, string> },
): Promise<Response> {
  return client.api("POST", "/uploads", undefined, { ...tus, "Upload-Length": String(size), "Upload-Metadata": tusMetadata(metadata) });
}

/** The /api-relative path of a created upload. */
export function uploadPath(response: Response): string {
  const location = response.headers.get("Location") ?? "";
  return new URL(location, "http://x").pathname.replace(/^\/api/, "");
}

/** The upload's id: the last segment of its path. */
export function uploadIdOf(path: string): string {
  return decodeURIComponent(path.split("/").pop() ?? "");
}

/**
 * Begins an upload of `bytes` (an .mp3 file by its metadata) and sends its first `sent` bytes, as a
 * browser cut off half-way leaves it; answers its path.
 */
export async function beginUpload(client: TestClient, bytes: Uint8Array, sent: number): Promise<string> {
  const created = await createUpload(client, { size: bytes.length, metadata: { kind: "file", filename: "a.mp3", filetype: "audio/mpeg" } });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
  const path = uploadPath(created);
  const patched = await patchUpload(client, path, { offset: 0, bytes: bytes.subarray(0, sent) });
  if (patched.status !== 204) throw new Error(`first bytes refused: ${patched.status} ${await patched.text()}`);
  return path;
}

export function patchUpload(client: TestClient, path: string, { offset, bytes }: { offset: number; bytes: Uint8Array }): Promise<Response> {
  return client.api("PATCH", path, bytes, { ...tus, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" });
}

export function headUpload(client: TestClient, path: string): Promise<Response> {
  return client.api("HEAD", path, undefined, tus);
}

/** Whole file in one PATCH; answers the note id the finished upload became. */
export async function uploadFile(client: TestClient, bytes: Uint8Array, metadata: Record<string, string>): Promise<string> {
  const created = await createUpload(client, { size: bytes.length, metadata });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
  // An empty file is finished the moment it is created.
  const finishedAtOnce = created.headers.get("Parley-Note-Id");
  if (finishedAtOnce) return finishedAtOnce;
  const finished = await patchUpload(client, uploadPath(created), { offset: 0, bytes });
  const noteId = finished.headers.get("Parley-Note-Id");
  if (finished.status !== 204 || !noteId) throw new Error(`upload did not finish: ${finished.status} ${await finished.text()}`);
  return noteId;
}

import type { Readable } from "node:stream";

/**
 * Where notes' media and documents live (issue 4): local disk (disk-storage.ts) or an S3-compatible
 * store (s3-storage.ts, issue 21), chosen by STORAGE_URL (storage-env.ts).
 * Keys are relative paths like `users/<userId>/notes/<noteId>/original`.
 */
export interface Storage {
  /** Which backend: the health answer names it. */
  readonly kind: "disk" | "s3";
  /** Stores the whole stream under `key`; a failed or aborted write leaves nothing under the key. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ sizeBytes: number }>;
  /**
   * The stored bytes, or only `range` (byte offsets, `end` inclusive, as in HTTP Range) for players that
   * seek; throws StorageError NOT_FOUND when the key has nothing.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  delete(key: string): Promise<void>;
  /** Removes every key under a folder-like prefix (`users/u1` takes `users/u1/...`, never `users/u10/...`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Moves a finished local file (an upload) under `key`; the source is gone afterwards. */
  importFile(key: string, sourcePath: string): Promise<{ sizeBytes: number }>;
  /**
   * Moves what is stored under `fromKey` to `toKey` inside the store (a rename on disk, a server-side
   * copy on S3: the bytes never pass through this process); throws StorageError NOT_FOUND when
   * `fromKey` has nothing.
   */
  move(fromKey: string, toKey: string): Promise<{ sizeBytes: number }>;
  /** A local file path for tools that need one (ffmpeg), when the backend has files. */
  localPath?(key: string): string;
  /**
   * A short-lived URL a browser can GET the bytes from directly (HTTP Range included), when the store has
   * an address browsers reach (S3 with a public endpoint); absent: the web process streams them.
   */
  presignedGetUrl?(key: string, options: PresignOptions): Promise<string>;
  /** Whether the store answers now (the health check): the folder is writable, the bucket is there. */
  ready(): Promise<boolean>;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** The Content-Type the response carries. */
  contentType?: string;
  /** Set: the response is an attachment with this file name (Content-Disposition). */
  downloadName?: string;
}

/** Inclusive byte offsets into a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

export class StorageError extends Error {
  override name = "StorageError";
  constructor(
    readonly code: "INVALID_KEY" | "NOT_FOUND",
    message: string = code,
  ) {
    super(message);
  }
}

// Letters, digits, dash, underscore and dot in each segment (not leading with a dot); no empty segments.
const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Refuses anything that could leave the storage root or mean something else on another backend. */
export function assertValidKey(key: string): void {
  const parts = key.split("/");
  const isValid = key.length <= 512 && parts.length > 0 && parts.every((part) => segment.test(part) && part !== "." && part !== "..");
  if (!isValid) throw new StorageError("INVALID_KEY", `invalid storage key: ${JSON.stringify(key)}`);
}

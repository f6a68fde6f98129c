import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Storage } from "./storage";

/**
 * Runs `use` with a local file holding what `key` stores, for tools that need a seekable file (ffmpeg):
 * the store's own file when it has one (disk), else a copy in a temporary folder (S3) that is removed
 * afterwards, whatever `use` did.
 */
export async function withLocalCopy<T>(storage: Storage, key: string, use: (filePath: string) => Promise<T>): Promise<T> {
  const own = storage.localPath?.(key);
  if (own) return use(own);
  const folder = await mkdtemp(path.join(tmpdir(), "parley-local-copy-"));
  try {
    const filePath = path.join(folder, "copy");
    await pipeline(await storage.get(key), createWriteStream(filePath));
    return await use(filePath);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

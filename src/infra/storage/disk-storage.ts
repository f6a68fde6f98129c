import { randomUUID } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, type Storage, StorageError } from "./storage";

/**
 * Files under a root folder (DATA_DIR/files by default). Writes go to a temporary file in the same
 * folder, are flushed to disk, then renamed over the key: a crash or an aborted upload never leaves a
 * half-written file under a real key.
 */
export function createDiskStorage(root: string): Storage {
  const resolved = path.resolve(root);
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(resolved, ...key.split("/"));
  };

  async function statOf(key: string): Promise<{ sizeBytes: number } | null> {
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? { sizeBytes: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  return {
    kind: "disk",
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary, { flags: "wx" }));
        const handle = await open(temporary, "r+");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { sizeBytes: (await stat(target)).size };
    },
    async get(key, range) {
      const target = pathOf(key);
      if (!(await statOf(key))) throw new StorageError("NOT_FOUND", `nothing stored under ${key}`);
      return range ? createReadStream(target, { start: range.start, end: range.end }) : createReadStream(target);
    },
    stat: statOf,
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    localPath: (key) => pathOf(key),
    async move(fromKey, toKey) {
      const source = pathOf(fromKey);
      const target = pathOf(toKey);
      if (!(await statOf(fromKey))) throw new StorageError("NOT_FOUND", `nothing stored under ${fromKey}`);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(source, target);
      return { sizeBytes: (await stat(target)).size };
    },
    async ready() {
      try {
        await mkdir(resolved, { recursive: true });
        await access(resolved, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    async importFile(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // Same file system (the default layout under DATA_DIR): a rename, so a 2 GB upload is not copied.
        await rename(sourcePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await this.put(key, createReadStream(sourcePath));
        await rm(sourcePath, { force: true });
      }
      return { sizeBytes: (await stat(target)).size };
    },
  };
}

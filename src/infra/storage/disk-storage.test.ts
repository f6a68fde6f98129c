import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "./disk-storage";
import { assertValidKey, type Storage } from "./storage";

describe("disk storage", () => {
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "parley-storage-"));
    storage = createDiskStorage(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("stores a stream and reads it back, with its size", async () => {
    const key = "users/u1/notes/n1/original";
    expect(await storage.put(key, Readable.from(["hello ", "world"]))).toEqual({ sizeBytes: 11 });
    expect(await text(await storage.get(key))).toBe("hello world");
    expect(await storage.stat(key)).toEqual({ sizeBytes: 11 });
    expect(storage.localPath?.(key)).toBe(path.join(root, "users", "u1", "notes", "n1", "original"));
  });

  it("reads a byte range, end inclusive, for players that seek", async () => {
    const key = "users/u1/notes/ranged/original";
    await storage.put(key, Buffer.from("0123456789"));
    expect(await text(await storage.get(key, { start: 2, end: 5 }))).toBe("2345");
    expect(await text(await storage.get(key, { start: 9, end: 9 }))).toBe("9");
    expect(await text(await storage.get(key, { start: 0, end: 9 }))).toBe("0123456789");
  });

  it("leaves nothing under the key, nor a temporary file, when the upload breaks", async () => {
    const key = "users/u1/notes/broken/original";
    const failing = new Readable({
      read() {
        this.push("partial");
        this.destroy(new Error("connection dropped"));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow("connection dropped");
    expect(await storage.stat(key)).toBeNull();
    expect(await readdir(path.join(root, "users", "u1", "notes", "broken"))).toEqual([]);
  });

  it("replaces a key whole, and deletes by key and by prefix", async () => {
    await storage.put("users/u2/notes/a/original", Buffer.from("one"));
    await storage.put("users/u2/notes/a/original", Buffer.from("two!"));
    await storage.put("users/u2/notes/b/original", Buffer.from("three"));
    expect(await text(await storage.get("users/u2/notes/a/original"))).toBe("two!");
    await storage.delete("users/u2/notes/b/original");
    expect(await storage.stat("users/u2/notes/b/original")).toBeNull();
    await storage.deletePrefix("users/u2");
    expect(await storage.stat("users/u2/notes/a/original")).toBeNull();
    await expect(storage.get("users/u2/notes/a/original")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("moves a key (a rename), says NOT_FOUND for a missing one, and is ready when its folder is writable", async () => {
    await storage.put("staged-1", Buffer.from("bytes"));
    expect(await storage.move("staged-1", "users/u3/notes/a/original")).toEqual({ sizeBytes: 5 });
    expect(await storage.stat("staged-1")).toBeNull();
    expect(await text(await storage.get("users/u3/notes/a/original"))).toBe("bytes");
    await expect(storage.move("staged-missing", "users/u3/notes/b/original")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(storage.kind).toBe("disk");
    expect(await storage.ready()).toBe(true);
    // A file where the folder should be: nothing can be stored (tests run as root, so no permission trick).
    await writeFile(path.join(root, "not-a-folder"), "x");
    expect(await createDiskStorage(path.join(root, "not-a-folder", "files")).ready()).toBe(false);
  });

  it.each(["../escape", "users/../../etc/passwd", "/abs/path", "users//double", "users/.hidden", "", "users/a b", "users\\win"])(
    "refuses the key %j",
    (key) => {
      expect(() => assertValidKey(key)).toThrow(expect.objectContaining({ code: "INVALID_KEY" }));
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { listenNoteChanges, type NoteChange } from "~/infra/db/note-changes";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { findNote } from "../notes/data";
import { createNote } from "../notes/mutations";
import { findFolder, listFolders } from "./data";
import { createFolder, deleteFolder, moveNote, renameFolder } from "./mutations";
import { parseFolderName } from "./schema";

describe("folder names", () => {
  it("are trimmed and NFC-normalised", () => {
    expect(parseFolderName("  Sales  ")).toEqual({ name: "Sales" });
    expect(parseFolderName("Cafe\u0301")).toEqual({ name: "Caf\u00e9" });
  });

  it("refuse empty, too long and control characters, each with its own code", () => {
    expect(parseFolderName("   ")).toEqual({ error: "FOLDER_NAME_REQUIRED" });
    expect(parseFolderName("a".repeat(60))).toEqual({ name: "a".repeat(60) });
    expect(parseFolderName("a".repeat(61))).toEqual({ error: "FOLDER_NAME_TOO_LONG" });
    // 60 emoji are 120 UTF-16 units but 60 characters.
    expect(parseFolderName("📁".repeat(60))).toEqual({ name: "📁".repeat(60) });
    expect(parseFolderName("two\nlines")).toEqual({ error: "FOLDER_NAME_INVALID" });
    expect(parseFolderName("tab\there")).toEqual({ error: "FOLDER_NAME_INVALID" });
  });
});

describe.each(databaseKinds)("folders on %s", (kind) => {
  let database: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    db = database.db;
    await db.insert(user).values([
      { id: "ana", name: "Ana", email: "ana@example.com" },
      { id: "bob", name: "Bob", email: "bob@example.com" },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  const newNote = async (userId: string, title: string) =>
    (await createNote(db, { userId, type: "text", title, source: { kind: "text" } })).id;

  it("creates folders with unique names per user regardless of case; another user may reuse a name", async () => {
    const created = await createFolder(db, { userId: "ana", name: "Sales" });
    expect(created).toMatchObject({ folder: { name: "Sales", noteCount: 0 } });
    expect(await createFolder(db, { userId: "ana", name: "SALES" })).toEqual({ error: "nameTaken" });
    expect(await createFolder(db, { userId: "bob", name: "sales" })).toMatchObject({ folder: { name: "sales" } });
  });

  it("renames, allows a change of case alone, refuses a taken name and another user's folder", async () => {
    const hiring = await createFolder(db, { userId: "ana", name: "hiring" });
    const other = await createFolder(db, { userId: "ana", name: "Other" });
    if (!("folder" in hiring) || !("folder" in other)) throw new Error("folders not created");
    expect(await renameFolder(db, { userId: "ana", folderId: hiring.folder.id, name: "Hiring" })).toMatchObject({
      folder: { id: hiring.folder.id, name: "Hiring" },
    });
    expect(await renameFolder(db, { userId: "ana", folderId: other.folder.id, name: "HIRING" })).toEqual({ error: "nameTaken" });
    expect(await renameFolder(db, { userId: "bob", folderId: hiring.folder.id, name: "Mine" })).toEqual({ error: "missing" });
    expect((await findFolder(db, { userId: "ana", folderId: hiring.folder.id }))?.name).toBe("Hiring");
  });

  it("moves only the user's notes into the user's folders, counts them, and moves them out", async () => {
    const folder = await createFolder(db, { userId: "ana", name: "Board" });
    const bobs = await createFolder(db, { userId: "bob", name: "Board" });
    if (!("folder" in folder) || !("folder" in bobs)) throw new Error("folders not created");
    const first = await newNote("ana", "First");
    const second = await newNote("ana", "Second");
    const bobNote = await newNote("bob", "Bob's");
    expect(await moveNote(db, { userId: "ana", noteId: first, folderId: folder.folder.id })).toBe("moved");
    expect(await moveNote(db, { userId: "ana", noteId: second, folderId: folder.folder.id })).toBe("moved");
    expect(await moveNote(db, { userId: "ana", noteId: first, folderId: bobs.folder.id })).toBe("folderMissing");
    expect(await moveNote(db, { userId: "ana", noteId: bobNote, folderId: folder.folder.id })).toBe("noteMissing");
    expect(await moveNote(db, { userId: "bob", noteId: first, folderId: bobs.folder.id })).toBe("noteMissing");
    const listed = (await listFolders(db, { userId: "ana" })).items.find((item) => item.id === folder.folder.id);
    expect(listed?.noteCount).toBe(2);
    expect((await listFolders(db, { userId: "bob" })).items.find((item) => item.id === bobs.folder.id)?.noteCount).toBe(0);
    expect(await moveNote(db, { userId: "ana", noteId: second, folderId: null })).toBe("moved");
    expect((await findNote(db, { userId: "ana", noteId: second }))?.folderId).toBeNull();
    expect((await findFolder(db, { userId: "ana", folderId: folder.folder.id }))?.noteCount).toBe(1);
  });

  it("lists a user's folders by name, case-insensitively, and never another user's", async () => {
    const names = (await listFolders(db, { userId: "ana" })).items.map((folder) => folder.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain("Sales");
    expect((await listFolders(db, { userId: "bob" })).items.map((folder) => folder.name).sort()).toEqual(["Board", "sales"]);
  });

  it("deletes a folder and keeps its notes, telling open pages that they moved", async () => {
    const folder = await createFolder(db, { userId: "ana", name: "Temporary" });
    if (!("folder" in folder)) throw new Error("folder not created");
    const kept = await newNote("ana", "Kept");
    await moveNote(db, { userId: "ana", noteId: kept, folderId: folder.folder.id });
    const heard: NoteChange[] = [];
    const stop = await listenNoteChanges(database, (change) => heard.push(change));
    try {
      expect(await deleteFolder(db, { userId: "bob", folderId: folder.folder.id })).toBe(false);
      expect(await deleteFolder(db, { userId: "ana", folderId: folder.folder.id })).toBe(true);
      expect(await findFolder(db, { userId: "ana", folderId: folder.folder.id })).toBeNull();
      const note = await findNote(db, { userId: "ana", noteId: kept });
      expect(note?.title).toBe("Kept");
      expect(note?.folderId).toBeNull();
      await expect.poll(() => heard).toContainEqual({ userId: "ana", noteId: kept });
    } finally {
      await stop();
    }
  });
});

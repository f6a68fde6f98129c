import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { DatabaseHandle } from "~/infra/db/client";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { Storage } from "~/infra/storage/storage";
import { sampleAiNotes, sampleSegments, seedNote } from "../../../test/support/seed-notes";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { listSegments } from "../notes/data";
import { deleteNote, editSegment, renameSpeaker } from "../notes/mutations";
import { findSharedMedia, findSharedNote } from "./data";
import { revokeShare, shareNote } from "./mutations";

// The sharing and note-editing writes on both databases: one link per note even when asked twice at once,
// a public read that carries nothing of the owner, and edits that only ever touch the owner's note.
describe.each(databaseKinds)("sharing and note edits on %s", (kind) => {
  let database: DatabaseHandle;
  let storage: Storage;
  let root: string;

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    await database.db.insert(user).values([
      { id: "ana", name: "Ana", email: "ana@example.com" },
      { id: "bob", name: "Bob", email: "bob@example.com" },
    ]);
    root = await mkdtemp(path.join(tmpdir(), "parley-sharing-"));
    storage = createDiskStorage(root);
  });
  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("makes one link per note, even for two requests at once, and only for the owner", async () => {
    const noteId = await seedNote(database.db, storage, "ana");
    const [first, second] = await Promise.all([
      shareNote(database.db, { userId: "ana", noteId }),
      shareNote(database.db, { userId: "ana", noteId }),
    ]);
    expect(first).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(second).toBe(first);
    expect(await shareNote(database.db, { userId: "bob", noteId })).toBeNull();
    expect(await revokeShare(database.db, { userId: "bob", noteId })).toBe(false);
    expect(await findSharedNote(database.db, { shareId: first ?? "" })).not.toBeNull();
  });

  it("reads a shared note in public mode without its owner, and nothing once revoked", async () => {
    const noteId = await seedNote(database.db, storage, "ana", {
      media: new Uint8Array([1, 2, 3]),
      aiNotes: sampleAiNotes,
      title: "Board call",
    });
    const shareId = (await shareNote(database.db, { userId: "ana", noteId })) ?? "";
    const shared = await findSharedNote(database.db, { shareId });
    expect(shared).toMatchObject({ title: "Board call", media: { kind: "audio" }, aiNotes: { content: sampleAiNotes } });
    expect(JSON.stringify(shared)).not.toMatch(/ana|users\/|probability/);
    expect(shared?.transcript.map((segment) => segment.text)).toEqual(sampleSegments.map((segment) => segment.text));
    expect(await findSharedMedia(database.db, { shareId })).toEqual({
      key: `users/ana/notes/${noteId}/original`,
      contentType: "audio/wav",
    });

    expect(await revokeShare(database.db, { userId: "ana", noteId })).toBe(true);
    expect(await findSharedNote(database.db, { shareId })).toBeNull();
    expect(await findSharedMedia(database.db, { shareId })).toBeNull();
  });

  it("edits segments and speakers of the owner's note only", async () => {
    const noteId = await seedNote(database.db, storage, "ana");
    expect(await editSegment(database.db, { userId: "bob", noteId, position: 0, edit: { text: "Bob" } })).toBeNull();
    expect(await renameSpeaker(database.db, { userId: "bob", noteId, from: "Speaker 1", to: "Bob" })).toBeNull();
    const edited = await editSegment(database.db, { userId: "ana", noteId, position: 0, edit: { text: "Good evening everyone" } });
    expect(edited?.words?.map((word) => [word.word, word.start])).toEqual([
      ["Good", 0],
      ["evening", 1],
      ["everyone", 2.2],
    ]);
    expect(await renameSpeaker(database.db, { userId: "ana", noteId, from: "Speaker 1", to: "Ana" })).toBe(2);
    const segments = await listSegments(database.db, { userId: "ana", noteId });
    expect(segments.map((segment) => segment.speaker)).toEqual(["Ana", "Speaker 2", "Ana"]);
  });

  it("deletes the owner's note with its files; another user deletes nothing", async () => {
    const noteId = await seedNote(database.db, storage, "ana", { media: new Uint8Array([9, 9]) });
    expect(await deleteNote(database.db, storage, { userId: "bob", noteId })).toBe(false);
    expect(await storage.stat(`users/ana/notes/${noteId}/original`)).not.toBeNull();
    expect(await deleteNote(database.db, storage, { userId: "ana", noteId })).toBe(true);
    expect(await storage.stat(`users/ana/notes/${noteId}/original`)).toBeNull();
    expect(await listSegments(database.db, { userId: "ana", noteId })).toEqual([]);
  });
});

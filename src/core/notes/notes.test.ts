import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { DatabaseHandle } from "~/infra/db/client";
import { notes } from "~/infra/db/notes-schema";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { findNote, listNotes, listSegments } from "./data";
import { createNote, replaceSegments, setTranscriptionStatus } from "./mutations";
import { decodeCursor, encodeCursor, toTimestamp } from "./schema";

describe("note cursors and timestamps", () => {
  it("round-trip a cursor and refuse a forged one", () => {
    const at = "2026-11-22T10:00:00.123456Z";
    const id = "0d3c2a9e-3f0b-4b8e-9a51-6a2f7d1c0b11";
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ createdAt: at, id });
    expect(decodeCursor(encodeCursor("2026-11-22 10:00:00+00", id))).toBeNull();
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(Buffer.from("2026-11-22T10:00:00Z|1 or 1=1").toString("base64url"))).toBeNull();
  });

  it("give seconds and nanoseconds (interpretations 18)", () => {
    expect(toTimestamp(new Date("2026-11-22T10:00:00.123Z"))).toEqual({ seconds: 1795341600, nanoseconds: 123_000_000 });
  });
});

describe.each(databaseKinds)("notes on %s", (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    await database.db.insert(user).values([
      { id: "ana", name: "Ana", email: "ana@example.com" },
      { id: "bob", name: "Bob", email: "bob@example.com" },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("pages a user's notes newest first with a cursor, never showing another user's", async () => {
    const db = database.db;
    const base = Date.parse("2026-11-01T00:00:00Z");
    for (let i = 0; i < 5; i++) {
      const { id } = await createNote(db, { userId: "ana", type: "text", title: `Note ${i}`, source: { kind: "text" } });
      // Two notes share a creation time, so the id breaks the tie.
      await db
        .update(notes)
        .set({ createdAt: new Date(base + Math.min(i, 3) * 1000) })
        .where(eq(notes.id, id));
    }
    await createNote(db, { userId: "bob", type: "text", title: "Bob's", source: { kind: "text" } });
    const first = await listNotes(db, { userId: "ana", limit: 2 });
    const second = await listNotes(db, { userId: "ana", limit: 2, cursor: first.nextCursor });
    const third = await listNotes(db, { userId: "ana", limit: 2, cursor: second.nextCursor });
    const titles = [...first.items, ...second.items, ...third.items].map((note) => note.data.title);
    expect(titles.slice(0, 2).sort()).toEqual(["Note 3", "Note 4"]);
    expect(titles.slice(2)).toEqual(["Note 2", "Note 1", "Note 0"]);
    expect(third.nextCursor).toBeNull();
    expect(first.items[0]?.data).toMatchObject({ type: "text", transcriptionCode: null, active: true, meeting: null });
  });

  it("keeps reads and writes to the owner", async () => {
    const db = database.db;
    const { id } = await createNote(db, {
      userId: "ana",
      type: "file",
      title: "Call",
      source: { kind: "upload", fileName: "c.wav", mimeType: "audio/wav", sizeBytes: 10 },
    });
    expect(await findNote(db, { userId: "bob", noteId: id })).toBeNull();
    expect(await setTranscriptionStatus(db, { userId: "bob", noteId: id, code: "transcription_ready" })).toBe(false);
    expect(await replaceSegments(db, { userId: "bob", noteId: id, segments: [{ start: 0, end: 1, text: "x" }] })).toBe(false);
    expect(await setTranscriptionStatus(db, { userId: "ana", noteId: id, code: "transcription_failed", error: "CORRUPT" })).toBe(true);
    expect(await findNote(db, { userId: "ana", noteId: id })).toMatchObject({
      transcriptionCode: "transcription_failed",
      transcriptionError: "CORRUPT",
    });
  });

  it("replaces a transcript as a whole, so a retried job leaves one copy", async () => {
    const db = database.db;
    const { id } = await createNote(db, {
      userId: "ana",
      type: "recording",
      title: "Memo",
      source: { kind: "recording", mimeType: "audio/webm" },
    });
    const segments = [
      {
        start: 0,
        end: 1.5,
        text: "Hello there.",
        words: [
          { start: 0, end: 0.5, word: "Hello" },
          { start: 0.6, end: 1.5, word: "there." },
        ],
      },
      { start: 1.5, end: 3, text: "Bye.", speaker: "Ana" },
    ];
    await replaceSegments(db, { userId: "ana", noteId: id, segments });
    await replaceSegments(db, { userId: "ana", noteId: id, segments });
    const stored = await listSegments(db, { userId: "ana", noteId: id });
    expect(stored).toEqual([
      { position: 0, start: 0, end: 1.5, text: "Hello there.", speaker: null, words: segments[0]?.words },
      { position: 1, start: 1.5, end: 3, text: "Bye.", speaker: "Ana", words: null },
    ]);
    expect(await listSegments(db, { userId: "bob", noteId: id })).toEqual([]);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { Database, DatabaseHandle } from "~/infra/db/client";
import { folders, notes } from "~/infra/db/notes-schema";
import { aiNotes } from "~/infra/db/workspace-schema";
import type { NoteType } from "~/shared/notes/statuses";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { listNotes, type NoteListFilters } from "./data";
import { createNote, renameSpeaker, replaceSegments } from "./mutations";

// The notes list's search and filters (issue 5): full text over titles, transcripts and AI notes, type,
// folder and dates, always within the user's own notes, and cursor pages that neither repeat nor skip.
// Search takes one of two paths (data/search-condition.ts): index hits under a cap, else a newest-first walk; both must agree.
const searchPaths = [
  { path: "index hits", searchHitCap: undefined },
  { path: "the walk", searchHitCap: 0 },
] as const;
describe.each(databaseKinds.flatMap((kind) => searchPaths.map((path) => ({ kind, ...path }))))(
  "listing notes with search and filters on $kind through $path",
  ({ kind, searchHitCap }) => {
    let database: DatabaseHandle;
    let db: Database;

    async function note(
      userId: string,
      {
        title,
        type = "text",
        transcript = [],
        at,
        folderId = null,
      }: { title: string; type?: NoteType; transcript?: string[]; at?: string; folderId?: string | null },
    ): Promise<string> {
      const { id } = await createNote(db, { userId, type, title, source: { kind: "text" } });
      if (transcript.length > 0) {
        await replaceSegments(db, {
          userId,
          noteId: id,
          segments: transcript.map((text, index) => ({ start: index, end: index + 1, text })),
        });
      }
      await db
        .update(notes)
        .set({ folderId, ...(at ? { createdAt: new Date(at) } : {}) })
        .where(eq(notes.id, id));
      return id;
    }

    async function allPages(userId: string, filters: NoteListFilters, limit: number): Promise<string[]> {
      const titles: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 50; guard++) {
        const page = await listNotes(db, { userId, cursor, limit, searchHitCap, ...filters });
        titles.push(...page.items.map((item) => item.data.title));
        cursor = page.nextCursor;
        if (!cursor) return titles;
      }
      throw new Error("the cursor never ran out");
    }

    const titlesOf = async (userId: string, filters: NoteListFilters) =>
      (await listNotes(db, { userId, limit: 100, searchHitCap, ...filters })).items.map((item) => item.data.title).sort();

    let salesFolder: string;

    beforeAll(async () => {
      database = (await openTestDatabase(kind)).handle;
      await database.migrate();
      db = database.db;
      await db.insert(user).values([
        { id: "ana", name: "Ana", email: "ana@example.com" },
        { id: "bob", name: "Bob", email: "bob@example.com" },
        { id: "cai", name: "Cai", email: "cai@example.com" },
      ]);
      const [folder] = await db.insert(folders).values({ userId: "ana", name: "Sales" }).returning();
      salesFolder = folder?.id ?? "";
      await note("ana", { title: "Quarterly budget review", at: "2026-03-10T09:00:00Z", folderId: salesFolder });
      await note("ana", {
        title: "Call with Lisbon office",
        type: "meeting",
        transcript: ["We talked about the zucchini harvest.", "Nothing else."],
        at: "2026-03-12T09:00:00Z",
        folderId: salesFolder,
      });
      const withAiNotes = await note("ana", { title: "Lecture four", type: "recording", at: "2026-04-02T09:00:00Z" });
      await db.insert(aiNotes).values({
        noteId: withAiNotes,
        template: "lecture",
        language: "en",
        engine: "extractive",
        content: {
          title: "Lecture four",
          summary: "Tropical fruit trade.",
          keyPoints: ["Mangosteen exports doubled"],
          decisions: [],
          actionItems: [{ text: "Send the figures", owner: "Rui", due: null }],
          chapters: [],
        },
      });
      await note("ana", { title: "Pasted minutes", transcript: ["Budgeting is hard."], at: "2026-04-20T09:00:00Z" });
      // Bob's notes use the same words: none may ever show up in Ana's results.
      await note("bob", { title: "Quarterly budget review", transcript: ["zucchini mangosteen"], at: "2026-03-11T09:00:00Z" });
    });
    afterAll(async () => {
      await database?.close();
    });

    it("finds a word only in a title, only in a transcript and only in AI notes", async () => {
      expect(await titlesOf("ana", { q: "quarterly" })).toEqual(["Quarterly budget review"]);
      expect(await titlesOf("ana", { q: "Zucchini" })).toEqual(["Call with Lisbon office"]);
      expect(await titlesOf("ana", { q: "mangosteen" })).toEqual(["Lecture four"]);
      expect(await titlesOf("ana", { q: "Rui" })).toEqual(["Lecture four"]);
      expect(await titlesOf("ana", { q: "harvest zucchini" })).toEqual(["Call with Lisbon office"]);
      expect(await titlesOf("ana", { q: "pineapple" })).toEqual([]);
    });

    it("matches the last word as a prefix while typing, and keeps web-search syntax", async () => {
      expect(await titlesOf("ana", { q: "budg" })).toEqual(["Pasted minutes", "Quarterly budget review"]);
      expect(await titlesOf("ana", { q: "budget" })).toEqual(["Pasted minutes", "Quarterly budget review"]);
      expect(await titlesOf("ana", { q: '"budget review"' })).toEqual(["Quarterly budget review"]);
      expect(await titlesOf("ana", { q: "-quarterly budg" })).toEqual(["Pasted minutes"]);
      expect(await titlesOf("ana", { q: "budgeting -quarterly" })).toEqual(["Pasted minutes"]);
      expect(await titlesOf("ana", { q: "zucchini or mangosteen" })).toEqual(["Call with Lisbon office", "Lecture four"]);
      // Punctuation alone is no search at all.
      expect(await titlesOf("ana", { q: "?!" })).toHaveLength(4);
    });

    it("finds a note by a speaker's name, the new one after a rename (issue 17)", async () => {
      await db.insert(user).values({ id: "dee", name: "Dee", email: "dee@example.com" });
      const { id } = await createNote(db, { userId: "dee", type: "meeting", title: "Weekly sync", source: { kind: "text" } });
      await replaceSegments(db, {
        userId: "dee",
        noteId: id,
        segments: [
          { start: 0, end: 1, text: "Shall we start?", speaker: "Speaker 1" },
          { start: 1, end: 2, text: "Yes, go ahead.", speaker: "Speaker 2" },
        ],
      });
      await createNote(db, { userId: "dee", type: "text", title: "Shopping list", source: { kind: "text" } });
      expect(await renameSpeaker(db, { userId: "dee", noteId: id, from: "Speaker 1", to: "Marisol Quintero" })).toBe(1);
      expect(await titlesOf("dee", { q: "Marisol" })).toEqual(["Weekly sync"]);
      expect(await titlesOf("dee", { q: "quintero" })).toEqual(["Weekly sync"]);
      expect(await titlesOf("dee", { q: "Maris" })).toEqual(["Weekly sync"]);
      // The old name is gone with the rename; nobody else's search sees the name.
      expect(await titlesOf("dee", { q: "Speaker 1" })).toEqual([]);
      expect(await titlesOf("ana", { q: "Marisol" })).toEqual([]);
    });

    it("never shows another user's notes, whatever the search", async () => {
      expect(await titlesOf("bob", { q: "mangosteen" })).toEqual(["Quarterly budget review"]);
      expect(await titlesOf("cai", { q: "budget" })).toEqual([]);
      expect(await titlesOf("cai", { folderId: salesFolder })).toEqual([]);
    });

    it("filters by type, folder and dates, and combines them with the search", async () => {
      expect(await titlesOf("ana", { types: ["meeting", "recording"] })).toEqual(["Call with Lisbon office", "Lecture four"]);
      expect(await titlesOf("ana", { folderId: salesFolder })).toEqual(["Call with Lisbon office", "Quarterly budget review"]);
      expect(await titlesOf("ana", { folderId: "none" })).toEqual(["Lecture four", "Pasted minutes"]);
      expect(
        await titlesOf("ana", { createdFrom: new Date("2026-03-11T00:00:00Z"), createdBefore: new Date("2026-04-03T00:00:00Z") }),
      ).toEqual(["Call with Lisbon office", "Lecture four"]);
      expect(await titlesOf("ana", { q: "budg", folderId: salesFolder })).toEqual(["Quarterly budget review"]);
      expect(await titlesOf("ana", { q: "budg", types: ["text"], createdFrom: new Date("2026-04-01T00:00:00Z") })).toEqual([
        "Pasted minutes",
      ]);
      expect(await titlesOf("ana", { types: ["meeting"], folderId: "none" })).toEqual([]);
    });

    it("pages filtered results without repeats or gaps, even for notes made in the same millisecond", async () => {
      const [folder] = await db.insert(folders).values({ userId: "cai", name: "Pile" }).returning();
      const expected: string[] = [];
      for (let index = 0; index < 14; index++) {
        const title = `Pile ${String(index).padStart(2, "0")}`;
        const id = await note("cai", { title, type: index % 3 === 0 ? "meeting" : "text", folderId: folder?.id ?? null });
        // Pairs of notes share one millisecond and differ by microseconds; every fourth pair shares the exact time.
        const micros = Math.floor(index / 2) * 1000 + (index % 4 === 3 ? 0 : index % 2) * 7;
        await db.execute(
          sql`update notes set created_at = '2026-05-01T00:00:00Z'::timestamptz + ${micros} * interval '1 microsecond' where id = ${id}`,
        );
        if (index % 3 !== 0) expected.push(title);
      }
      await note("cai", { title: "Outside the folder" });
      const filters: NoteListFilters = { types: ["text"], folderId: folder?.id ?? null };
      const everything = (await listNotes(db, { userId: "cai", limit: 100, ...filters })).items.map((item) => item.data.title);
      expect([...everything].sort()).toEqual(expected);
      for (const limit of [1, 2, 3, 4]) expect(await allPages("cai", filters, limit)).toEqual(everything);
      // The unfiltered path (a prepared query) pages the same way.
      const all = (await listNotes(db, { userId: "cai", limit: 100 })).items.map((item) => item.data.title);
      expect(all).toHaveLength(15);
      expect(await allPages("cai", {}, 4)).toEqual(all);
      expect(await allPages("cai", { q: "pile" }, 3)).toEqual(all.filter((title) => title.startsWith("Pile")));
    });
  },
);

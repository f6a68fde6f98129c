import { describe, expect, it } from "vitest";
import type { NoteView } from "~/shared/notes/notes-api";
import { forgetNote, mergeFirstPage, readSnapshot, saveScroll, saveSnapshot, upsertNote } from "./notes-list-cache";

/** A note made `seconds` after an origin; the list is newest first. */
function note(id: string, seconds: number): NoteView {
  return { id, data: { title: id, createdAt: { seconds, nanoseconds: 0 } } } as NoteView;
}
const ids = (items: NoteView[]) => items.map((item) => item.id);

describe("the kept notes lists", () => {
  it("keep items, cursor and scroll per key, and forget a deleted note everywhere", () => {
    saveSnapshot("20?", { items: [note("b", 2), note("a", 1)], nextCursor: "c1" });
    saveScroll("20?", 640);
    saveScroll("20?q=unknown", 100);
    expect(readSnapshot("20?")).toMatchObject({ nextCursor: "c1", scrollY: 640 });
    expect(readSnapshot("20?q=unknown")).toBeNull();
    forgetNote("b");
    expect(ids(readSnapshot("20?")?.items ?? [])).toEqual(["a"]);
  });

  it("hold a bounded number of lists, dropping the least recently saved", () => {
    for (let index = 0; index < 12; index++) saveSnapshot(`k${index}`, { items: [], nextCursor: null });
    expect(readSnapshot("k0")).toBeNull();
    expect(readSnapshot("k11")).not.toBeNull();
  });
});

describe("a background refresh of a kept list", () => {
  it("takes the first page as the truth and keeps the older pages already loaded, with their cursor", () => {
    const kept = { items: [note("e", 5), note("d", 4), note("c", 3), note("b", 2), note("a", 1)], nextCursor: "after-a" };
    // Meanwhile "f" was made and "d" deleted: the new first page is f, e, c.
    const merged = mergeFirstPage(kept, { items: [note("f", 6), note("e", 5), note("c", 3)], nextCursor: "after-c" });
    expect(ids(merged.items)).toEqual(["f", "e", "c", "b", "a"]);
    expect(merged.nextCursor).toBe("after-a");
  });

  it("replaces everything when the first page is all there is, or nothing older was loaded", () => {
    const kept = { items: [note("b", 2), note("a", 1)], nextCursor: null };
    expect(mergeFirstPage(kept, { items: [note("c", 3), note("b", 2)], nextCursor: null })).toEqual({
      items: [note("c", 3), note("b", 2)],
      nextCursor: null,
    });
    expect(mergeFirstPage({ items: [], nextCursor: null }, { items: [note("a", 1)], nextCursor: "x" }).nextCursor).toBe("x");
  });
});

describe("a note that arrives live", () => {
  it("replaces itself in place, or goes where its date puts it", () => {
    const items = [note("c", 3), note("a", 1)];
    expect(ids(upsertNote(items, note("d", 4), false))).toEqual(["d", "c", "a"]);
    expect(ids(upsertNote(items, note("b", 2), false))).toEqual(["c", "b", "a"]);
    expect(upsertNote(items, { ...note("a", 1), data: { ...note("a", 1).data, title: "renamed" } }, false)[1]?.data.title).toBe("renamed");
  });

  it("waits for fetch-more when it is older than every loaded note and more pages exist", () => {
    const items = [note("c", 3), note("b", 2)];
    expect(ids(upsertNote(items, note("a", 1), true))).toEqual(["c", "b"]);
    expect(ids(upsertNote(items, note("a", 1), false))).toEqual(["c", "b", "a"]);
  });
});

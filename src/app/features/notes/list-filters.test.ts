import { describe, expect, it } from "vitest";
import type { NoteView } from "~/shared/notes/notes-api";
import { filtersFromSearch, filtersToQuery, filtersToSearch, listKey, matchesFilters, noFilters } from "./list-filters";

const folder = "0d3c2a9e-3f0b-4b8e-9a51-6a2f7d1c0b11";

function note(patch: Partial<NoteView["data"]> & { at?: string } = {}): NoteView {
  const { at = "2026-03-10T12:00:00", ...data } = patch;
  const ms = new Date(at).getTime();
  return {
    id: "a",
    data: {
      title: "A",
      meetingTitle: null,
      type: "text",
      meeting: null,
      transcriptionCode: "transcription_ready",
      active: true,
      createdAt: { seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1_000_000 },
      recordingDuration: null,
      calendarId: null,
      eventId: null,
      transcriptionError: null,
      transcriptionProgress: null,
      language: null,
      folderId: null,
      shareId: null,
      notesStatus: null,
      notesProgress: null,
      notesError: null,
      transcriptEngine: null,
      ...data,
    },
  };
}

describe("notes list filters in the address", () => {
  it("read back what they wrote, and drop what they cannot read", () => {
    const filters = {
      q: "budget review",
      types: ["meeting" as const, "text" as const],
      folderId: folder,
      from: "2026-03-01",
      to: "2026-03-31",
    };
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
    expect(filtersFromSearch(new URLSearchParams("type=podcast,text&folder=inbox&from=March&to=2026-13-45"))).toEqual({
      ...noFilters,
      types: ["text"],
    });
    expect(filtersToSearch(noFilters).toString()).toBe("");
  });

  it("give one cache key per filter set, whatever the order of types or spaces around the search", () => {
    const a = filtersFromSearch(new URLSearchParams("type=text,meeting&q=plan"));
    const b = filtersFromSearch(new URLSearchParams("type=meeting,text"));
    expect(listKey(a, 20)).toBe(listKey({ ...b, q: " plan " }, 20));
    expect(listKey(a, 20)).not.toBe(listKey(a, 5));
    expect(listKey(noFilters, 20)).not.toBe(listKey({ ...noFilters, folderId: "none" }, 20));
  });

  it("send local days to the API as exact times covering both whole days", () => {
    const query = filtersToQuery({ ...noFilters, from: "2026-03-01", to: "2026-03-02" });
    expect(new Date(query.from ?? "").getTime()).toBe(new Date("2026-03-01T00:00:00").getTime());
    expect(new Date(query.to ?? "").getTime()).toBe(new Date("2026-03-03T00:00:00").getTime() - 1);
    expect(filtersToQuery({ ...noFilters, types: ["text", "youtube"], folderId: "none" })).toMatchObject({
      type: "text,youtube",
      folderId: "none",
    });
    expect(filtersToQuery({ ...noFilters, q: "  " }).q).toBeUndefined();
  });
});

describe("a note that changed live", () => {
  it("stays on a list only while it fits its type, folder and dates", () => {
    expect(matchesFilters(note(), noFilters, false)).toBe(true);
    expect(matchesFilters(note({ type: "meeting" }), { ...noFilters, types: ["text"] }, true)).toBe(false);
    expect(matchesFilters(note({ folderId: folder }), { ...noFilters, folderId: folder }, false)).toBe(true);
    expect(matchesFilters(note({ folderId: null }), { ...noFilters, folderId: folder }, true)).toBe(false);
    expect(matchesFilters(note({ folderId: folder }), { ...noFilters, folderId: "none" }, true)).toBe(false);
    expect(matchesFilters(note({ at: "2026-03-10T23:59:59" }), { ...noFilters, from: "2026-03-10", to: "2026-03-10" }, false)).toBe(true);
    expect(matchesFilters(note({ at: "2026-03-11T00:00:00" }), { ...noFilters, to: "2026-03-10" }, false)).toBe(false);
  });

  it("reads the underscore-prefixed createdAt variant (spec 3) for the date range", () => {
    const { seconds, nanoseconds } = note({ at: "2026-03-10T23:59:59" }).data.createdAt;
    const variant = {
      ...note(),
      data: { ...note().data, createdAt: { _seconds: seconds, _nanoseconds: nanoseconds } },
    } as unknown as NoteView;
    expect(matchesFilters(variant, { ...noFilters, from: "2026-03-10", to: "2026-03-10" }, false)).toBe(true);
    expect(matchesFilters(variant, { ...noFilters, from: "2026-03-11" }, false)).toBe(false);
  });

  it("joins a searched list only when the server already listed it", () => {
    expect(matchesFilters(note(), { ...noFilters, q: "budget" }, false)).toBe(false);
    expect(matchesFilters(note(), { ...noFilters, q: "budget" }, true)).toBe(true);
  });
});

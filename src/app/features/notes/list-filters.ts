// The notes list's search and filters as the page keeps them: in the URL (so a filtered list is a link),
// as API query parameters, and as a test of whether a note that changed live still belongs on the list.
import type { NoteView } from "~/shared/notes/notes-api";
import { type NoteType, noteTypes } from "~/shared/notes/statuses";
import { timestampMs } from "~/shared/timestamp";
import type { NotesFilterQuery } from "./queries";

export interface ListFilters {
  /** What was typed in the search box (full text over titles, transcripts and AI notes). */
  q: string;
  types: NoteType[];
  /** A folder's id, "none" for notes in no folder, or null for any. */
  folderId: string | null;
  /** Local calendar days (YYYY-MM-DD), both inclusive. */
  from: string | null;
  to: string | null;
}

export const noFilters: ListFilters = { q: "", types: [], folderId: null, from: null, to: null };

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const folderValue = /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const isNoteType = (value: string): value is NoteType => (noteTypes as readonly string[]).includes(value);

/** Filters from a /notes address (`?q=&type=a,b&folder=&from=&to=`); anything unreadable is left out. */
export function filtersFromSearch(search: URLSearchParams): ListFilters {
  const day = (value: string | null) => (value && isoDay.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);
  const folder = search.get("folder");
  const types = (search.get("type") ?? "").split(",").filter(isNoteType);
  return {
    q: (search.get("q") ?? "").slice(0, 200),
    // The order of the type chips, whatever the order in the address: one filter set, one cache entry.
    types: noteTypes.filter((type) => types.includes(type)),
    folderId: folder && folderValue.test(folder) ? folder : null,
    from: day(search.get("from")),
    to: day(search.get("to")),
  };
}

/** The address query of a filter set (empty values left out). */
export function filtersToSearch(filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set("q", filters.q);
  if (filters.types.length > 0) search.set("type", filters.types.join(","));
  if (filters.folderId) search.set("folder", filters.folderId);
  if (filters.from) search.set("from", filters.from);
  if (filters.to) search.set("to", filters.to);
  return search;
}

export function hasActiveFilters(filters: ListFilters): boolean {
  return filtersToSearch(filters).size > 0;
}

/** Start of a local day, and the last millisecond of one, in epoch milliseconds. */
function dayStart(day: string): number {
  return new Date(`${day}T00:00:00`).getTime();
}
function dayEnd(day: string): number {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.getTime() - 1;
}

/** GET /api/notes parameters: local days become exact times, so "today" means the user's today. */
export function filtersToQuery(filters: ListFilters): NotesFilterQuery {
  return {
    q: filters.q.trim() || undefined,
    type: filters.types.length > 0 ? filters.types.join(",") : undefined,
    folderId: filters.folderId ?? undefined,
    from: filters.from ? new Date(dayStart(filters.from)).toISOString() : undefined,
    to: filters.to ? new Date(dayEnd(filters.to)).toISOString() : undefined,
  };
}

/** One key per filter set and page size: the keep-alive cache holds one list per key. */
export function listKey(filters: ListFilters, pageSize: number): string {
  return `${pageSize}?${filtersToSearch({ ...filters, q: filters.q.trim() })}`;
}

/**
 * Whether a note that changed live belongs on a list with these filters. A search match can only be
 * decided by the server, so with a search only notes already on the list stay (`isKnown`).
 */
export function matchesFilters(note: NoteView, filters: ListFilters, isKnown: boolean): boolean {
  if (filters.q.trim() && !isKnown) return false;
  if (filters.types.length > 0 && !filters.types.includes(note.data.type)) return false;
  if (filters.folderId === "none" && note.data.folderId !== null) return false;
  if (filters.folderId && filters.folderId !== "none" && note.data.folderId !== filters.folderId) return false;
  // spec 3: seconds/nanoseconds or the underscore-prefixed variants; an unreadable date matches no range.
  const createdMs = timestampMs(note.data.createdAt) ?? Number.NaN;
  if (filters.from && createdMs < dayStart(filters.from)) return false;
  if (filters.to && createdMs > dayEnd(filters.to)) return false;
  return true;
}

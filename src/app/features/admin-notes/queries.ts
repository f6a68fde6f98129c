// The admin notes screens' calls (issue 20), typed by src/shared/admin/ through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type { AdminNoteDetail, AdminNotePage, AdminNoteStatusFilter, AdminRetryWhat } from "~/shared/admin/admin-notes-api";

export interface AdminNoteQuery {
  type?: string;
  status?: AdminNoteStatusFilter;
  failuresFirst: boolean;
  from?: string;
  to?: string;
  userId?: string;
  cursor?: string;
}

/** GET /api/admin/notes: one page of notes across users (or one user's). */
export async function fetchAdminNotes(query: AdminNoteQuery, signal?: AbortSignal): Promise<AdminNotePage> {
  const { failuresFirst, ...rest } = query;
  const params = { ...rest, failuresFirst: failuresFirst ? ("true" as const) : ("false" as const), limit: 25 };
  return call(api().GET("/admin/notes", { params: { query: params }, signal }));
}

/** GET /api/admin/notes/{ownerId}/{id}: the note read-only with transcript, AI notes, history and jobs. */
export async function fetchAdminNote(ownerId: string, id: string, signal?: AbortSignal): Promise<AdminNoteDetail> {
  return call(api().GET("/admin/notes/{ownerId}/{id}", { params: { path: { ownerId, id } }, signal }));
}

/** POST /api/admin/notes/{ownerId}/{id}/retry: queues the failed part again (audited). */
export async function retryAdminNote(ownerId: string, id: string, what: AdminRetryWhat): Promise<void> {
  await call(api().POST("/admin/notes/{ownerId}/{id}/retry", { params: { path: { ownerId, id } }, body: { what } }));
}

// Turning a note's public link on and off (owner only). Typed by the API's contract (decision 021).
import { api, call } from "~/app/api/typed-api";
import type { ShareLinkResponse } from "~/shared/sharing/sharing-api";

export async function shareNote(noteId: string): Promise<ShareLinkResponse> {
  return call(api().POST("/notes/{id}/share", { params: { path: { id: noteId } } }));
}

export async function revokeShare(noteId: string): Promise<void> {
  await call(api().DELETE("/notes/{id}/share", { params: { path: { id: noteId } } }));
}

/** The public address of a shared note, on the site the owner is using. */
export function shareUrl(shareId: string): string {
  return `${window.location.origin}/n/${shareId}`;
}

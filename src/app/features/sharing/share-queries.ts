// Turning a note's public link on and off (owner only).
import { apiRequest } from "~/app/api/api-client";

export async function shareNote(noteId: string): Promise<{ shareId: string; url: string }> {
  return apiRequest("POST", `/notes/${encodeURIComponent(noteId)}/share`);
}

export async function revokeShare(noteId: string): Promise<void> {
  await apiRequest("DELETE", `/notes/${encodeURIComponent(noteId)}/share`);
}

/** The public address of a shared note, on the site the owner is using. */
export function shareUrl(shareId: string): string {
  return `${window.location.origin}/n/${shareId}`;
}

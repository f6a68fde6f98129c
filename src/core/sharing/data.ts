import { asc, eq } from "drizzle-orm";
import type { Database } from "~/infra/db/client";
import { notes, transcriptSegments } from "~/infra/db/notes-schema";
import { aiNotes } from "~/infra/db/workspace-schema";
import { shortMeetingTitle } from "~/shared/meetings/meeting-title";
import type { PublicNote } from "~/shared/sharing/sharing-api";
import { segmentColumns } from "../notes/data";
import { playableMedia, youtubeVideoIdOf } from "../notes/playback";

// Reads by public link id. They select named columns only, so nothing about the owner (user id,
// e-mail, folder, storage key) can reach a public page by accident.

async function findSharedRow(db: Database, shareId: string) {
  const [row] = await db
    .select({
      id: notes.id,
      title: notes.title,
      type: notes.type,
      createdAt: notes.createdAt,
      durationSeconds: notes.recordingDurationSeconds,
      language: notes.language,
      source: notes.source,
      mediaKey: notes.mediaKey,
      active: notes.active,
    })
    .from(notes)
    .where(eq(notes.shareId, shareId))
    .limit(1);
  return row ?? null;
}

/** The shared note in public mode, or null when no note has this link (never made, or revoked). */
export async function findSharedNote(db: Database, { shareId }: { shareId: string }): Promise<PublicNote | null> {
  const row = await findSharedRow(db, shareId);
  if (!row) return null;
  const [segments, [notesRow]] = await Promise.all([
    db
      .select(segmentColumns)
      .from(transcriptSegments)
      .where(eq(transcriptSegments.noteId, row.id))
      .orderBy(asc(transcriptSegments.position)),
    db
      .select({ content: aiNotes.content, template: aiNotes.template, isExtractive: aiNotes.isExtractive })
      .from(aiNotes)
      .where(eq(aiNotes.noteId, row.id))
      .limit(1),
  ]);
  const media = playableMedia(row);
  return {
    // An automatic meeting title in its short neutral form: the reader's language is not known here.
    title: row.source.kind === "meeting" ? shortMeetingTitle(row.title, row.source.url) : row.title,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    durationSeconds: row.durationSeconds,
    language: row.language,
    media: media ? { kind: media.kind } : null,
    youtubeVideoId: youtubeVideoIdOf(row.source),
    transcript: segments.map((segment) => ({
      ...segment,
      // Only the timing and the word: engines add fields (probability) a page does not need.
      words: segment.words?.map(({ start, end, word }) => ({ start, end, word })) ?? null,
    })),
    aiNotes: notesRow ?? null,
  };
}

/** The shared note's playable media (storage key and type), or null when it has none or is not shared. */
export async function findSharedMedia(
  db: Database,
  { shareId }: { shareId: string },
): Promise<{ key: string; contentType: string } | null> {
  const row = await findSharedRow(db, shareId);
  const media = row ? playableMedia(row) : null;
  return row?.mediaKey && media ? { key: row.mediaKey, contentType: media.contentType } : null;
}

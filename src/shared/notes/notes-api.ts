import { z } from "zod";
import { meetingPlatforms } from "../meetings/meeting-url";
import { notesGenerationStatuses } from "./notes-generation";
import { meetingCodes, noteTypes, transcriptionCodes } from "./statuses";

// What the notes API answers: the routes describe their answers with these schemas (named components in
// /api/openapi.json through zod's own `.meta({ id })`, so the browser never loads the OpenAPI extension)
// and the browser reads the same types.

/** A word's timing, when the speech engine gave one (click a word to seek). */
export const transcriptWordSchema = z.object({
  start: z.number(),
  end: z.number(),
  word: z.string(),
  /** Some engines add their confidence; the owner's transcript keeps it, public pages leave it out. */
  probability: z.number().optional(),
});

/** One transcript segment, as the owner's note page and a public page read it. */
export const transcriptSegmentSchema = z
  .object({
    position: z.number().int(),
    /** Seconds from the start of the media. */
    start: z.number(),
    end: z.number(),
    text: z.string(),
    speaker: z.string().nullable(),
    words: z.array(transcriptWordSchema).nullable(),
  })
  .meta({ id: "TranscriptSegment" });
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/** interpretations 18: the note as the API answers it (Firestore-like timestamp with seconds and nanoseconds). */
export const noteViewSchema = z
  .object({
    id: z.string(),
    data: z.object({
      title: z.string(),
      /**
       * A meeting note that keeps its automatic title (not renamed): the platform and short meeting code the
       * pages name it by, in the reader's language ("Reunión de Microsoft Teams"); null otherwise.
       */
      meetingTitle: z.object({ platform: z.enum(meetingPlatforms), code: z.string().nullable() }).nullable(),
      type: z.enum(noteTypes),
      meeting: z.object({ code: z.enum(meetingCodes), subcode: z.string().nullish() }).nullable(),
      transcriptionCode: z.enum(transcriptionCodes).nullable(),
      active: z.boolean(),
      createdAt: z.object({ seconds: z.number().int(), nanoseconds: z.number().int() }),
      recordingDuration: z.number().nullable(),
      calendarId: z.string().nullable(),
      eventId: z.string().nullable(),
      /** Why the transcription ended without a transcript (notes catalog `failure.<reason>`). */
      transcriptionError: z.string().nullable(),
      /** 0-100 while in progress, when known. */
      transcriptionProgress: z.number().nullable(),
      /** The note's language (chosen or detected), when known. */
      language: z.string().nullable(),
      folderId: z.string().nullable(),
      /** The public link id while the note is shared (owner's view only). */
      shareId: z.string().nullable(),
      /** The AI-notes job (issue 5): null until the transcript is ready. */
      notesStatus: z.enum(notesGenerationStatuses).nullable(),
      notesProgress: z.number().nullable(),
      /** Why the AI notes failed (notes catalog `notesFailure.<reason>`). */
      notesError: z.string().nullable(),
      /**
       * Which speech engine and model wrote the transcript (`whisper-cpp:ggml-base.bin`, `pocketsphinx:en-us`,
       * `openai-compatible:<model>`, `youtube-captions`); null for pasted text, documents and older notes.
       */
      transcriptEngine: z.string().nullable(),
    }),
  })
  .meta({ id: "Note" });
export type NoteView = z.infer<typeof noteViewSchema>;

/** spec section 3: list responses are `{ items, nextCursor }`. */
export const notePageSchema = z.object({ items: z.array(noteViewSchema), nextCursor: z.string().nullable() }).meta({ id: "NotePage" });
export type NotePage = z.infer<typeof notePageSchema>;

/** One note: what creating, renaming, retrying, filing and cancelling a note's bot answer. */
export const noteResponseSchema = z.object({ note: noteViewSchema }).meta({ id: "NoteResponse" });
export type NoteResponse = z.infer<typeof noteResponseSchema>;

/** GET /api/notes/{id}: the note with its transcript. */
export const noteWithTranscriptSchema = z
  .object({ note: noteViewSchema, transcript: z.array(transcriptSegmentSchema) })
  .meta({ id: "NoteWithTranscript" });
export type NoteWithTranscript = z.infer<typeof noteWithTranscriptSchema>;

/** GET /api/notes/{id}/playback: the note's own media (audio or video) or the YouTube video it links to. */
export const notePlaybackSchema = z
  .object({
    media: z.object({ kind: z.enum(["audio", "video"]), url: z.string() }).nullable(),
    youtubeVideoId: z.string().nullable(),
  })
  .meta({ id: "NotePlayback" });
export type NotePlayback = z.infer<typeof notePlaybackSchema>;

/** PATCH /api/notes/{id}/transcript/{position}: the corrected segment. */
export const transcriptSegmentResponseSchema = z.object({ segment: transcriptSegmentSchema }).meta({ id: "TranscriptSegmentResponse" });
export type TranscriptSegmentResponse = z.infer<typeof transcriptSegmentResponseSchema>;

/** POST /api/notes/{id}/speakers/rename: how many segments changed. */
export const speakerRenameResponseSchema = z.object({ renamed: z.number().int() }).meta({ id: "SpeakerRenameResponse" });
export type SpeakerRenameResponse = z.infer<typeof speakerRenameResponseSchema>;

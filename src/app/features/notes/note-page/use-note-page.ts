import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "~/app/api/api-client";
import type { AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import type { NotePlayback, NoteView, TranscriptSegment } from "~/shared/notes/notes-api";
import { isNoteWorkUnderWay } from "~/shared/notes/statuses";
import type { AiNotesHolder } from "../components/ai-notes-panel";
import type { SegmentEdit } from "../components/transcript-segment-row";
import { fetchNote } from "../queries";
import { useNoteEvents } from "../use-note-events";
import { editSegment, fetchAiNotes, fetchPlayback, renameNote, renameSpeaker, saveAiNotes } from "./queries";

export type NoteHolder =
  | { state: "loading" }
  | { state: "success"; note: NoteView; transcript: TranscriptSegment[] }
  | { state: "missing" }
  | { state: "error" };

/**
 * The note page's data: the note and transcript, its playback, its AI notes, kept current by the live
 * note events; and the owner's edits, each applied to the page from the server's answer.
 */
export function useNotePage(id: string) {
  const [holder, setHolder] = useState<NoteHolder>({ state: "loading" });
  const [aiNotes, setAiNotes] = useState<AiNotesHolder>({ state: "loading" });
  const [playback, setPlayback] = useState<NotePlayback>({ media: null, youtubeVideoId: null });
  const notesStatus = useRef<string | null | undefined>(undefined);
  // The note on screen, for event handlers that compare the next state with it.
  const shownNote = useRef<NoteView | null>(null);
  shownNote.current = holder.state === "success" ? holder.note : null;
  // Reads of the note under way, and whether a live change arrived meanwhile (see onNote below).
  const readsInFlight = useRef(0);
  const changedWhileLoading = useRef(false);
  const refreshAgain = useRef<(() => void) | null>(null);
  // A finished transcription's note and transcript are being read: the page waits for both.
  const isTranscriptPending = useRef(false);

  const loadAiNotes = useCallback(
    (signal?: AbortSignal) => {
      fetchAiNotes(id, signal).then(
        (found) => setAiNotes({ state: "success", aiNotes: found }),
        () => {
          if (!signal?.aborted) setAiNotes({ state: "error" });
        },
      );
    },
    [id],
  );
  const refresh = useCallback(
    (signal?: AbortSignal) => {
      readsInFlight.current += 1;
      fetchNote(id, signal)
        .finally(() => {
          readsInFlight.current -= 1;
        })
        .then(
          ({ note, transcript }) => {
            const hadNotesStatus = notesStatus.current;
            notesStatus.current = note.data.notesStatus;
            // AI notes that finished unheard (before the stream listened) are read with the note that says so.
            if (hadNotesStatus !== undefined && hadNotesStatus !== "notes_ready" && note.data.notesStatus === "notes_ready") {
              setAiNotes({ state: "loading" });
              loadAiNotes();
            }
            isTranscriptPending.current = false;
            setHolder({ state: "success", note, transcript });
            // A change announced while this read was under way may be newer than what it read: read again.
            if (changedWhileLoading.current) {
              changedWhileLoading.current = false;
              refreshAgain.current?.();
            }
          },
          (error: unknown) => {
            isTranscriptPending.current = false;
            if (signal?.aborted) return;
            const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
            setHolder((current) => (current.state === "success" && !isMissing ? current : { state: isMissing ? "missing" : "error" }));
          },
        );
      // The media appears once an upload is stored, so playback is read again with the note.
      fetchPlayback(id, signal).then(setPlayback, () => {});
    },
    [id, loadAiNotes],
  );
  refreshAgain.current = () => refresh();
  const load = useCallback(
    (signal?: AbortSignal) => {
      setHolder({ state: "loading" });
      notesStatus.current = undefined;
      refresh(signal);
      loadAiNotes(signal);
    },
    [refresh, loadAiNotes],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Status changes arrive live: a finished transcription brings its transcript, finished AI notes their content.
  useNoteEvents({
    onNote: (changed) => {
      if (changed.id !== id) return;
      const previous = shownNote.current;
      if (!previous) {
        // The live stream is shared with the page before, so a quick job can finish while the note loads.
        if (readsInFlight.current > 0) changedWhileLoading.current = true;
        else refresh();
        return;
      }
      const hasFinished =
        previous.data.transcriptionCode !== changed.data.transcriptionCode &&
        changed.data.transcriptionCode !== "transcription_in_progress";
      // A finished transcription shows with its transcript, in one update (the read below brings both):
      // the badge never says "ready" over an empty transcript (one status for the badge and the panels).
      // Changes that arrive while that read is under way are read again after it, not shown without it.
      if (hasFinished) {
        isTranscriptPending.current = true;
        refresh();
      } else if (isTranscriptPending.current) {
        if (readsInFlight.current > 0) changedWhileLoading.current = true;
        else refresh();
      } else setHolder((current) => (current.state === "success" ? { ...current, note: changed } : current));
      if (notesStatus.current !== changed.data.notesStatus) {
        notesStatus.current = changed.data.notesStatus;
        if (changed.data.notesStatus === "notes_ready") {
          // Until they arrive the panel says they are loading, not that there are none.
          setAiNotes({ state: "loading" });
          loadAiNotes();
        }
      }
    },
    onReconnect: () => {
      refresh();
      loadAiNotes();
    },
    onFirstConnect: () => {
      // Only a note with work under way can have changed unheard; a read still running is read again after.
      if (readsInFlight.current > 0) changedWhileLoading.current = true;
      else if (shownNote.current && isNoteWorkUnderWay(shownNote.current.data)) refresh();
    },
  });

  const replaceNote = useCallback((note: NoteView) => {
    notesStatus.current = note.data.notesStatus;
    setHolder((current) => (current.state === "success" ? { ...current, note } : current));
  }, []);

  const handleRename = useCallback(async (title: string) => replaceNote(await renameNote(id, title)), [id, replaceNote]);

  const handleSaveSegment = useCallback(
    async (position: number, edit: SegmentEdit) => {
      const saved = await editSegment(id, position, edit);
      setHolder((current) =>
        current.state === "success"
          ? { ...current, transcript: current.transcript.map((segment) => (segment.position === position ? saved : segment)) }
          : current,
      );
    },
    [id],
  );

  const handleRenameSpeaker = useCallback(
    async (from: string, to: string) => {
      await renameSpeaker(id, from, to);
      setHolder((current) =>
        current.state === "success"
          ? {
              ...current,
              transcript: current.transcript.map((segment) => (segment.speaker === from ? { ...segment, speaker: to } : segment)),
            }
          : current,
      );
    },
    [id],
  );

  const handleSaveAiNotes = useCallback(
    async (content: AiNotesContent) => setAiNotes({ state: "success", aiNotes: await saveAiNotes(id, content) }),
    [id],
  );

  const handleShareChanged = useCallback((shareId: string | null) => {
    setHolder((current) =>
      current.state === "success" ? { ...current, note: { ...current.note, data: { ...current.note.data, shareId } } } : current,
    );
  }, []);

  return {
    holder,
    aiNotes,
    playback,
    reload: () => load(),
    reloadAiNotes: () => loadAiNotes(),
    replaceNote,
    /** A retried transcription starts over: the old transcript is gone. */
    restartTranscript: (note: NoteView) => setHolder({ state: "success", note, transcript: [] }),
    handleRename,
    handleSaveSegment,
    handleRenameSpeaker,
    handleSaveAiNotes,
    handleShareChanged,
  };
}

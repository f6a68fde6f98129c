import { useEffect, useState } from "react";
import { fetchThreads } from "../queries";
import { ChatView } from "./chat-view";

/** The ask-AI chat inside one note: its latest chat continues; citations seek the note's player. */
export function NoteChat({ noteId, onSeek }: { noteId: string; onSeek: (seconds: number) => void }) {
  const [threadId, setThreadId] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    fetchThreads(noteId, controller.signal)
      .then((threads) => setThreadId(threads[0]?.id ?? null))
      .catch(() => {
        if (!controller.signal.aborted) setThreadId(null);
      });
    return () => controller.abort();
  }, [noteId]);

  if (threadId === undefined) return null;
  return <ChatView threadId={threadId} noteId={noteId} onThreadCreated={setThreadId} onSeek={onSeek} />;
}

import { useCallback, useEffect, useRef, useState } from "react";
import { askQuestion, type ChatEntry, fetchMessages } from "./queries";

export type ChatState = "idle" | "loading" | "ready" | "answering" | "error";

/**
 * One chat: its stored messages, and asking the next question with the answer streamed in place.
 * `threadId` null starts a new chat on the first question (`onThreadCreated` tells the page).
 */
export function useAskChat({
  threadId,
  noteId,
  onThreadCreated,
}: {
  threadId: string | null;
  noteId?: string;
  onThreadCreated?: (threadId: string) => void;
}) {
  const [messages, setMessages] = useState<ChatEntry[]>([]);
  const [state, setState] = useState<ChatState>(threadId ? "loading" : "ready");
  const [failed, setFailed] = useState<"load" | "answer" | null>(null);
  const activeThread = useRef<string | null>(threadId);
  const abort = useRef<AbortController | null>(null);
  /** The chat this hook created while answering: already on screen, so not reloaded when the page adopts it. */
  const createdHere = useRef<string | null>(null);

  useEffect(() => {
    if (threadId !== null && threadId === createdHere.current) return;
    activeThread.current = threadId;
    abort.current?.abort();
    setFailed(null);
    if (!threadId) {
      setMessages([]);
      setState("ready");
      return;
    }
    const controller = new AbortController();
    setState("loading");
    fetchMessages(threadId, controller.signal)
      .then((items) => {
        setMessages(items);
        setState("ready");
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed("load");
        setState("error");
      });
    return () => controller.abort();
  }, [threadId]);

  const ask = useCallback(
    async (question: string) => {
      const controller = new AbortController();
      abort.current = controller;
      setFailed(null);
      setState("answering");
      const pendingId = `pending-${Date.now()}`;
      setMessages((current) => [
        ...current,
        { id: `${pendingId}-q`, role: "user", content: question, citations: [], engine: null },
        { id: pendingId, role: "assistant", content: "", citations: [], engine: null },
      ]);
      try {
        const answer = await askQuestion(
          { question, threadId: activeThread.current ?? undefined, noteId },
          {
            signal: controller.signal,
            onThread: (id) => {
              if (activeThread.current !== id) {
                activeThread.current = id;
                createdHere.current = id;
                onThreadCreated?.(id);
              }
            },
            onDelta: (text) =>
              setMessages((current) =>
                current.map((message) => (message.id === pendingId ? { ...message, content: message.content + text } : message)),
              ),
          },
        );
        setMessages((current) => current.map((message) => (message.id === pendingId ? answer : message)));
        setState("ready");
      } catch {
        if (controller.signal.aborted) return;
        setMessages((current) => current.filter((message) => message.id !== pendingId));
        setFailed("answer");
        setState("ready");
      }
    },
    [noteId, onThreadCreated],
  );

  useEffect(() => () => abort.current?.abort(), []);
  return { messages, state, failed, ask };
}

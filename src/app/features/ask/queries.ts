// The ask-AI calls: chats and their messages, typed by the API's contract (decision 021), and the streamed
// answer (POST /api/ask as server-sent events). That one stays on apiStream: it is a plain streaming route
// that /api/openapi.json does not describe, so the typed client has no path for it.

import { ApiError, apiStream } from "~/app/api/api-client";
import { api, call } from "~/app/api/typed-api";
import type { ChatMessageView, ChatThreadView } from "~/shared/ask/ask-api";

/** A message as the chat shows it: a question or answer still being written has no stored time yet. */
export type ChatEntry = Omit<ChatMessageView, "createdAt"> & { createdAt?: string };

export async function fetchThreads(noteId: string | null, signal?: AbortSignal): Promise<ChatThreadView[]> {
  return (await call(api().GET("/ask/threads", { params: { query: { noteId: noteId ?? undefined } }, signal }))).items;
}

export async function fetchMessages(threadId: string, signal?: AbortSignal): Promise<ChatMessageView[]> {
  return (await call(api().GET("/ask/threads/{id}/messages", { params: { path: { id: threadId } }, signal }))).items;
}

export async function deleteThread(threadId: string): Promise<void> {
  await call(api().DELETE("/ask/threads/{id}", { params: { path: { id: threadId } } }));
}

/** Reads `event:`/`data:` blocks from a server-sent-events body. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) yield { event, data: data.join("\n") };
      end = buffer.indexOf("\n\n");
    }
  }
}

/**
 * Asks a question; `onThread` gets the chat id at once, `onDelta` each piece of the answer as it is
 * written; resolves with the stored answer. A failed answer throws an ApiError with errorCode ANSWER_FAILED.
 */
export async function askQuestion(
  input: { question: string; threadId?: string; noteId?: string },
  handlers: { onThread(threadId: string): void; onDelta(text: string): void; signal?: AbortSignal },
): Promise<ChatEntry> {
  const response = await apiStream("POST", "/ask", { body: input, signal: handlers.signal });
  if (!response.body) throw new ApiError(500, "ANSWER_FAILED", "no answer");
  for await (const { event, data } of readEvents(response.body)) {
    const payload: unknown = JSON.parse(data);
    if (event === "thread") handlers.onThread((payload as { threadId: string }).threadId);
    else if (event === "delta") handlers.onDelta((payload as { text: string }).text);
    else if (event === "done") return (payload as { message: ChatEntry }).message;
    else if (event === "error") throw new ApiError(500, "ANSWER_FAILED", "answer failed");
  }
  throw new ApiError(500, "ANSWER_FAILED", "the answer stopped before it ended");
}

import type { NoteView } from "../../src/shared/notes/notes-api";
import type { TestClient } from "./test-web";

// Waits for a note to reach a state the way the page does: it listens to the server-sent events of
// GET /api/notes/events (subscribed before reading the note, so no change slips between) and returns as
// soon as the predicate holds. A deadline turns a hang into a failure that shows the last state.

export async function waitForNote(
  client: TestClient,
  noteId: string,
  isDone: (note: NoteView) => boolean,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<NoteView> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let last: NoteView | null = null;
  try {
    const events = await fetch(`${client.baseUrl}/api/notes/events`, {
      headers: { Cookie: client.cookieHeader() },
      signal: controller.signal,
    });
    if (!events.ok || !events.body) throw new Error(`events answered ${events.status}`);
    const reader = events.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let isReady = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended");
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === "ready" && !isReady) {
          isReady = true;
          const response = await client.api("GET", `/notes/${noteId}`);
          last = ((await response.json()) as { note: NoteView }).note;
          if (isDone(last)) return last;
        }
        if (event === "note" && data) {
          const note = JSON.parse(data) as NoteView;
          if (note.id !== noteId) continue;
          last = note;
          if (isDone(note)) return note;
        }
      }
    }
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error(`note ${noteId} did not get there in ${timeoutMs} ms; last: ${JSON.stringify(last?.data)}`);
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

export const isFinal = (note: NoteView) => note.data.transcriptionCode !== "transcription_in_progress";

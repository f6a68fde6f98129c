import type { NoteView } from "../../src/shared/notes/notes-api";

// A browser's live note stream (GET /api/notes/events) held open on one web process while the work happens
// elsewhere: every note event it receives is kept, so a test can say which changes reached this page and
// in what order. Unlike waitForNote it never reads the note itself: what it sees came over the stream.

export interface NoteStream {
  /** Every note event received so far, in order. */
  events: NoteView[];
  /** Resolves with the first received event of `noteId` (past or future) that satisfies `isDone`. */
  waitFor(noteId: string, isDone: (note: NoteView) => boolean, timeoutMs?: number): Promise<NoteView>;
  close(): void;
}

export async function openNoteStream(baseUrl: string, cookie: string): Promise<NoteStream> {
  const controller = new AbortController();
  const events: NoteView[] = [];
  const waiters = new Set<() => void>();
  const response = await fetch(`${baseUrl}/api/notes/events`, { headers: { Cookie: cookie }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let isReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    isReady = resolve;
  });
  let ended: Error | null = null;
  const pump = async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended");
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === "ready") isReady();
        if (event === "note" && data) {
          events.push(JSON.parse(data) as NoteView);
          for (const wake of waiters) wake();
        }
      }
    }
  };
  void pump().catch((error: unknown) => {
    ended = error instanceof Error ? error : new Error(String(error));
    for (const wake of waiters) wake();
  });
  // Subscribed once the server says so: a change after this moment reaches the stream.
  await ready;

  return {
    events,
    waitFor(noteId, isDone, timeoutMs = 60_000) {
      return new Promise<NoteView>((resolve, reject) => {
        const check = () => {
          const found = events.find((note) => note.id === noteId && isDone(note));
          if (found) finish(() => resolve(found));
          else if (ended && !controller.signal.aborted) finish(() => reject(ended));
        };
        const timer = setTimeout(() => {
          const last = events.filter((note) => note.id === noteId).at(-1);
          finish(() => reject(new Error(`note ${noteId}: no such event in ${timeoutMs} ms; last: ${JSON.stringify(last?.data)}`)));
        }, timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

import type { TestClient } from "./test-web";

export interface AskEvents {
  status: number;
  events: { event: string; data: Record<string, unknown> }[];
  /** The `done` event's message (the stored answer), if the stream got that far. */
  answer: {
    content: string;
    engine: string;
    citations: { noteId: string; position: number | null; start: number | null; quote: string }[];
  } | null;
  threadId: string | null;
  /** The error body when the request was refused before streaming. */
  error: Record<string, unknown> | null;
}

/** POST /api/ask and read its server-sent events to the end, as the browser does. */
export async function ask(client: TestClient, body: Record<string, unknown>): Promise<AskEvents> {
  const response = await client.api("POST", "/ask", body);
  if (!response.headers.get("content-type")?.includes("text/event-stream")) {
    return { status: response.status, events: [], answer: null, threadId: null, error: (await response.json()) as Record<string, unknown> };
  }
  const text = await response.text();
  const events = text
    .split("\n\n")
    .filter((block) => block.includes("data:"))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? "message",
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "{}") as Record<string, unknown>,
    }));
  const done = events.find((event) => event.event === "done");
  const thread = events.find((event) => event.event === "thread");
  return {
    status: response.status,
    events,
    answer: (done?.data.message as AskEvents["answer"]) ?? null,
    threadId: (thread?.data.threadId as string | undefined) ?? null,
    error: null,
  };
}

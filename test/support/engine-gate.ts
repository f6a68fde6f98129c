import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

// A gate in front of the speech engine's OpenAI-compatible endpoint (real Whisper) for tests with several
// workers: it records which worker sent each request (each worker gets its own OPENAI_AUDIO_API_KEY) and
// can hold the next request unanswered, so a test kills the worker that is mid-transcription at that
// exact moment, not after a guessed delay.

export interface EngineGate {
  url: string;
  /** The API key of every request passed on to the engine, in order. */
  forwardedFrom: string[];
  /** Holds the next request; resolves with the key of the worker that sent it. */
  holdNext(): Promise<string>;
  close(): Promise<void>;
}

function keyOf(request: IncomingMessage): string {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
}

export function startEngineGate(engineUrl: string): Promise<EngineGate> {
  const forwardedFrom: string[] = [];
  let onHold: ((key: string) => void) | null = null;

  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    forwardedFrom.push(keyOf(request));
    try {
      const answer = await fetch(`${engineUrl}${request.url}`, {
        method: request.method,
        headers: { "content-type": request.headers["content-type"] ?? "" },
        body: Buffer.concat(parts),
      });
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      response.writeHead(502).end();
    }
  };

  const server = createServer((request, response) => {
    if (onHold) {
      const hold = onHold;
      onHold = null;
      // Never answered: the request dies with the worker that sent it.
      hold(keyOf(request));
      return;
    }
    void forward(request, response);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        forwardedFrom,
        holdNext: () =>
          new Promise<string>((held) => {
            onHold = held;
          }),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

import { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";

/**
 * issue 21 "Hardening": some answers come before the request body was read (a body limit's 413 on the
 * declared length, the sign-in limit's 429, 401/403 before a handler parses anything). @hono/node-server
 * then drains the rest for at most 500 ms or 64 MB and drops the socket silently, so a keep-alive client
 * sends its next request into a dead connection and gets no answer.
 *
 * Here, before the early answer leaves: a small rest of the body (up to `drainMaxBytes`, within
 * `drainTimeoutMs`) is read and discarded so the connection stays usable; anything larger, slower or already
 * half-read by a stream reader is answered with `Connection: close`, which tells the client not to reuse it
 * (Node then ends the socket after the answer).
 */
export interface EarlyAnswerOptions {
  drainMaxBytes: number;
  drainTimeoutMs: number;
}

/** 1 MiB: four times the largest JSON body the API takes (analytics, 256 KB); media goes through tus. */
const defaults: EarlyAnswerOptions = { drainMaxBytes: 1024 * 1024, drainTimeoutMs: 5_000 };

export function earlyAnswer(options: EarlyAnswerOptions = defaults): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = nodeRequestOf(c.env);
    if (!incoming || incoming.readableEnded || !hasBody(incoming)) return;
    const declared = Number(incoming.headers["content-length"] ?? Number.NaN);
    if (!(declared > options.drainMaxBytes) && (await drainUnread(c.req.raw, incoming, options))) return;
    c.res.headers.set("Connection", "close");
  };
}

/** @hono/node-server's bindings; requests built in-process (app.request in tests) have none. */
function nodeRequestOf(env: unknown): IncomingMessage | undefined {
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  return env.incoming instanceof IncomingMessage ? env.incoming : undefined;
}

function hasBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers["content-length"];
  return incoming.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** True when the body was read to its end within the limits; false leaves the rest unread. */
async function drainUnread(request: Request, incoming: IncomingMessage, options: EarlyAnswerOptions): Promise<boolean> {
  // Touching a Request's body starts @hono/node-server's stream reader on the socket: then the rest must go
  // through that stream (reading the socket beside it would stall on the stream's back-pressure).
  const stream = request.bodyUsed ? null : request.body;
  if (stream && !stream.locked) return drainStream(stream, options);
  // A reader that stopped part-way (a body limit counting a chunked body): no reliable way to the rest.
  if (incoming.readableFlowing !== null) return false;
  return drainSocket(incoming, options);
}

async function drainStream(stream: ReadableStream<Uint8Array>, { drainMaxBytes, drainTimeoutMs }: EarlyAnswerOptions): Promise<boolean> {
  const reader = stream.getReader();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), drainTimeoutMs);
  });
  let bytes = 0;
  try {
    for (;;) {
      const read = reader.read();
      // A read left pending by the timeout fails when the lock is released below: nobody waits for it.
      read.catch(() => {});
      const chunk = await Promise.race([read, timedOut]);
      if (chunk === "timeout") return false;
      if (chunk.done) return true;
      bytes += chunk.value.byteLength;
      if (bytes > drainMaxBytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    // Not cancel(): on a stream straight from the socket that would destroy it before the answer is written.
    reader.releaseLock();
  }
}

function drainSocket(incoming: IncomingMessage, { drainMaxBytes, drainTimeoutMs }: EarlyAnswerOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (isDrained: boolean) => {
      clearTimeout(timer);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      if (!isDrained) incoming.pause();
      resolve(isDrained);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > drainMaxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), drainTimeoutMs);
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", onError);
    incoming.resume();
  });
}

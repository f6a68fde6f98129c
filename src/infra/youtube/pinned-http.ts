import http from "node:http";
import https from "node:https";
import {
  checkedAddress,
  defaultConnectTimeoutMs,
  type LinkPolicy,
  LinkRefusedError,
  parseLinkUrl,
  pinnedLookup,
  watchConnection,
  withinConnectTimeout,
} from "../net/link-check";

// safeFetch only GETs and buffers the whole body; YouTube needs a JSON POST (the player endpoint) and
// audio streamed to disk. The same checks (net/link-check.ts: allow-list, every resolved address
// public, the connection pinned to the checked address, redirects followed by hand and checked on every
// hop) with a request body and a streamed response.

export type FetchPolicy = LinkPolicy;

export interface PinnedRequest {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Aborts everything: DNS, connection, body. A TimeoutError reason becomes LinkRefusedError TIMEOUT. */
  signal: AbortSignal;
  /** Redirects followed for GET, each hop checked like the first (default 5). POST never follows one. */
  maxRedirects?: number;
  /**
   * DNS answer and connection, each, per hop (default 5 s): past it, or refused, the host is UNREACHABLE
   * at once, while `signal`'s longer deadline is left for slow answers and downloads.
   */
  connectTimeoutMs?: number;
}

export interface PinnedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, unread: the caller streams it or calls readBody. */
  body: http.IncomingMessage;
  finalUrl: string;
}

/** Opens a request under the fetch policy and resolves once the final response's headers arrive. */
export async function openPinned(input: string, policy: FetchPolicy, request: PinnedRequest): Promise<PinnedResponse> {
  const maxRedirects = request.maxRedirects ?? 5;
  let url = parseLinkUrl(input);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const connectTimeoutMs = request.connectTimeoutMs ?? defaultConnectTimeoutMs;
    const address = await untilAborted(withinConnectTimeout(checkedAddress(url, policy), connectTimeoutMs, url.hostname), request.signal);
    const response = await sendOnce(url, address, request);
    const location = response.headers.location;
    const isRedirect = response.statusCode !== undefined && response.statusCode >= 300 && response.statusCode < 400;
    if (isRedirect && location && request.method === "GET") {
      response.destroy();
      url = parseLinkUrl(new URL(location, url).href);
      continue;
    }
    return { status: response.statusCode ?? 0, headers: response.headers, body: response, finalUrl: url.href };
  }
  throw new LinkRefusedError("TOO_MANY_REDIRECTS");
}

/** Reads a whole (small) body, refusing more than maxBytes. */
export async function readBody(response: PinnedResponse, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  // A declared length over the cap is refused before reading; the running count catches the rest.
  if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
    response.body.destroy();
    throw new LinkRefusedError("TOO_LARGE");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        response.body.destroy();
        throw new LinkRefusedError("TOO_LARGE");
      }
      chunks.push(buffer);
    }
  } catch (error) {
    throw transportError(error, signal);
  }
  return Buffer.concat(chunks);
}

/**
 * What an aborted or failed transfer should throw: the caller's own abort reason as is (a cancelled job
 * is not a network failure), a deadline as TIMEOUT, anything else from the socket as HTTP_ERROR.
 */
export function transportError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof LinkRefusedError) return error;
  if (signal.aborted) return isTimeout(signal.reason) ? new LinkRefusedError("TIMEOUT") : signal.reason;
  return new LinkRefusedError("HTTP_ERROR", error instanceof Error ? error.message : String(error));
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === "TimeoutError";
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(transportError(null, signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(transportError(null, signal));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function sendOnce(url: URL, pinned: { address: string; family: 4 | 6 }, request: PinnedRequest): Promise<http.IncomingMessage> {
  // Connect to the address checked above, whatever the resolver would say now (DNS rebinding).
  const lookup = pinnedLookup(pinned);
  const client = url.protocol === "https:" ? https : http;
  const headers = { ...request.headers };
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(transportError(null, request.signal));
    // agent: false gives each hop its own socket: a kept-alive socket is keyed by host and port, not by
    // the address this hop checked. The signal destroys the socket, and with it a body being streamed.
    const outgoing = client.request(url, { method: request.method, headers, lookup, agent: false, signal: request.signal }, (response) => {
      connection.done();
      resolve(response);
    });
    const connection = watchConnection(outgoing, request.connectTimeoutMs ?? defaultConnectTimeoutMs);
    outgoing.on("error", (error) => {
      const unreachable = connection.failure(error);
      // The caller's abort or deadline first; then a failure to connect at all (the network is down).
      reject(request.signal.aborted ? transportError(error, request.signal) : (unreachable ?? transportError(error, request.signal)));
    });
    outgoing.end(request.body);
  });
}

import http from "node:http";
import https from "node:https";
import { checkedAddress, type LinkPolicy, LinkRefusedError, parseLinkUrl, pinnedLookup } from "./link-check";

export interface SafeFetchOptions extends LinkPolicy {
  /** Redirects followed, each one checked like the first link (default 5). */
  maxRedirects?: number;
  /** One deadline for the whole fetch: every DNS answer, connection, redirect and body (default 15 s). */
  timeoutMs?: number;
  /** Largest body read; more is TOO_LARGE (default 20 MiB). */
  maxBytes?: number;
  headers?: Record<string, string>;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  finalUrl: string;
}

/**
 * GET a URL from an allowed host, never reaching a private, loopback, link-local or metadata address
 * (issue 4: "check after DNS resolution and on every redirect"): every hop's host is checked against
 * the allow-list, resolved, and every resolved address must be public; the connection then goes to the
 * checked address only, so a second DNS answer (rebinding) cannot swap it. Redirects are followed by
 * hand, each hop checked again. There is deliberately no `fetchImpl` option: a caller's fetch would do
 * its own DNS lookup and undo the pinning.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const { maxRedirects = 5, timeoutMs = 15_000, maxBytes = 20 * 1024 * 1024 } = options;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url = parseLinkUrl(input);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const address = await beforeDeadline(checkedAddress(url, options), deadline);
    const response = await requestOnce(url, address, { deadline, maxBytes, headers: options.headers ?? {} });
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      url = parseLinkUrl(new URL(location, url).href);
      continue;
    }
    return { ...response, finalUrl: url.href };
  }
  throw new LinkRefusedError("TOO_MANY_REDIRECTS");
}

function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  if (deadline.aborted) return Promise.reject(new LinkRefusedError("TIMEOUT"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new LinkRefusedError("TIMEOUT"));
    deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  { deadline, maxBytes, headers }: { deadline: AbortSignal; maxBytes: number; headers: Record<string, string> },
): Promise<Omit<SafeResponse, "finalUrl">> {
  // Connect to the address checked above, whatever the resolver would say now (DNS rebinding).
  const lookup = pinnedLookup(pinned);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = () => {
      isSettled = true;
      deadline.removeEventListener("abort", onAbort);
    };
    const fail = (error: LinkRefusedError) => {
      if (isSettled) return;
      settle();
      request.destroy();
      reject(error);
    };
    const onAbort = () => fail(new LinkRefusedError("TIMEOUT"));
    // agent: false gives each hop its own socket: a kept-alive socket of the shared agent is keyed by
    // host and port, not by the address this hop checked, so it could carry a request elsewhere.
    const request = client.request(url, { method: "GET", headers, lookup, agent: false }, (response) => {
      // A declared length over the cap is refused before reading; the running count below catches the rest.
      if (Number(response.headers["content-length"] ?? 0) > maxBytes) return fail(new LinkRefusedError("TOO_LARGE"));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new LinkRefusedError("TOO_LARGE"));
        else chunks.push(chunk);
      });
      response.on("end", () => {
        if (isSettled) return;
        settle();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on("error", (error) => fail(new LinkRefusedError("HTTP_ERROR", error.message)));
    });
    request.on("error", (error) => fail(new LinkRefusedError("HTTP_ERROR", error.message)));
    if (deadline.aborted) return onAbort();
    deadline.addEventListener("abort", onAbort, { once: true });
    request.end();
  });
}

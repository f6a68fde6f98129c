import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isMetadataAddress, isPublicAddress, numericHostToV4 } from "../net/address-policy";
import { LinkRefusedError, type Resolve } from "../net/safe-fetch";

// safeFetch only GETs and buffers the whole body; YouTube needs a JSON POST (the player endpoint) and
// audio streamed to disk. This is the same policy as safeFetch (allow-list, every resolved address
// public, the connection pinned to the checked address, redirects followed by hand and checked on every
// hop) with a request body and a streamed response. safe-fetch.ts keeps its checks private and may not be
// edited from here, so the host and address checks below repeat its rules on top of address-policy.ts.

export interface FetchPolicy {
  /** Exact host names, or `*.example.com` for its subdomains (not example.com itself). */
  allowedHosts: readonly string[];
  /** DNS resolution (tests map names to local addresses). */
  resolve?: Resolve;
  /** Test-only: these exact addresses pass the public-address check (metadata addresses never do). */
  unsafeAllowAddresses?: readonly string[];
}

export interface PinnedRequest {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Aborts everything: DNS, connection, body. A TimeoutError reason becomes LinkRefusedError TIMEOUT. */
  signal: AbortSignal;
  /** Redirects followed for GET, each hop checked like the first (default 5). POST never follows one. */
  maxRedirects?: number;
}

export interface PinnedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, unread: the caller streams it or calls readBody. */
  body: http.IncomingMessage;
  finalUrl: string;
}

const defaultResolve: Resolve = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Opens a request under the fetch policy and resolves once the final response's headers arrive. */
export async function openPinned(input: string, policy: FetchPolicy, request: PinnedRequest): Promise<PinnedResponse> {
  const maxRedirects = request.maxRedirects ?? 5;
  let url = parseUrl(input);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const address = await untilAborted(checkedAddress(url, policy), request.signal);
    const response = await sendOnce(url, address, request);
    const location = response.headers.location;
    const isRedirect = response.statusCode !== undefined && response.statusCode >= 300 && response.statusCode < 400;
    if (isRedirect && location && request.method === "GET") {
      response.destroy();
      url = parseUrl(new URL(location, url).href);
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

function parseUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new LinkRefusedError("BAD_URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new LinkRefusedError("BAD_SCHEME");
  if (url.username || url.password) throw new LinkRefusedError("BAD_URL", "credentials in links are refused");
  return url;
}

/** Same rule as safeFetch: `*.example.com` matches subdomains only. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: 4 | 6 }> {
  // A trailing dot names the same DNS host; brackets wrap IPv6 literals. Neither may dodge the allow-list.
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (!isAllowedHost(host, policy.allowedHosts)) throw new LinkRefusedError("HOST_NOT_ALLOWED", `host not allowed: ${host}`);
  const literal = isIP(host) ? host : numericHostToV4(host);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : await (policy.resolve ?? defaultResolve)(host);
  } catch {
    throw new LinkRefusedError("DNS_FAILED", `could not resolve ${host}`);
  }
  if (addresses.length === 0) throw new LinkRefusedError("DNS_FAILED", `no address for ${host}`);
  const exempt = new Set(policy.unsafeAllowAddresses ?? []);
  for (const address of addresses) {
    const isExempt = exempt.has(address) && !isMetadataAddress(address);
    if (!isPublicAddress(address) && !isExempt) throw new LinkRefusedError("PRIVATE_ADDRESS", `${host} resolves to a non-public address`);
  }
  const address = addresses[0] as string;
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

function sendOnce(url: URL, pinned: { address: string; family: 4 | 6 }, request: PinnedRequest): Promise<http.IncomingMessage> {
  // Connect to the address checked above, whatever the resolver would say now (DNS rebinding).
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  const headers = { ...request.headers };
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(transportError(null, request.signal));
    // agent: false gives each hop its own socket: a kept-alive socket is keyed by host and port, not by
    // the address this hop checked. The signal destroys the socket, and with it a body being streamed.
    const outgoing = client.request(url, { method: request.method, headers, lookup, agent: false, signal: request.signal }, resolve);
    outgoing.on("error", (error) => reject(transportError(error, request.signal)));
    outgoing.end(request.body);
  });
}

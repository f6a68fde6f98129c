import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isMetadataAddress, isPublicAddress, numericHostToV4 } from "./address-policy";

export type LinkRefusal =
  | "BAD_URL"
  | "BAD_SCHEME"
  | "HOST_NOT_ALLOWED"
  | "PRIVATE_ADDRESS"
  | "DNS_FAILED"
  | "TOO_MANY_REDIRECTS"
  | "TOO_LARGE"
  | "TIMEOUT"
  | "HTTP_ERROR";

export class LinkRefusedError extends Error {
  override name = "LinkRefusedError";
  constructor(
    readonly code: LinkRefusal,
    message: string = code,
  ) {
    super(message);
  }
}

export type Resolve = (host: string) => Promise<string[]>;

export interface SafeFetchOptions {
  /** Exact host names, or `*.example.com` for its subdomains. */
  allowedHosts: readonly string[];
  /** Redirects followed, each one checked like the first link (default 5). */
  maxRedirects?: number;
  /** One deadline for the whole fetch: every DNS answer, connection, redirect and body (default 15 s). */
  timeoutMs?: number;
  /** Largest body read; more is TOO_LARGE (default 20 MiB). */
  maxBytes?: number;
  headers?: Record<string, string>;
  /** DNS resolution (tests map names to local addresses). */
  resolve?: Resolve;
  /**
   * Test-only escape hatch: these exact addresses pass the public-address check, so a test can reach a
   * server on 127.0.0.1 while every other rule applies. Production code never sets it (callers pass
   * only allowedHosts). Metadata addresses (isMetadataAddress) are refused even when listed.
   */
  unsafeAllowAddresses?: readonly string[];
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  finalUrl: string;
}

const defaultResolve: Resolve = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

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
  let url = parseUrl(input);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const address = await beforeDeadline(checkedAddress(url, options), deadline);
    const response = await requestOnce(url, address, { deadline, maxBytes, headers: options.headers ?? {} });
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      url = parseUrl(new URL(location, url).href);
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

/** `*.example.com` matches its subdomains only, not example.com itself (list both when both are meant). */
function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  // The URL parser already lowercases and turns 0x7f.1 or 2130706433 into 127.0.0.1; a trailing dot
  // names the same host in DNS, so it must not slip past the allow-list as a different name.
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (!isAllowedHost(host, options.allowedHosts)) throw new LinkRefusedError("HOST_NOT_ALLOWED", `host not allowed: ${host}`);
  const literal = isIP(host) ? host : numericHostToV4(host);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : await (options.resolve ?? defaultResolve)(host);
  } catch {
    throw new LinkRefusedError("DNS_FAILED", `could not resolve ${host}`);
  }
  if (addresses.length === 0) throw new LinkRefusedError("DNS_FAILED", `no address for ${host}`);
  const exempt = new Set(options.unsafeAllowAddresses ?? []);
  for (const address of addresses) {
    const isExempt = exempt.has(address) && !isMetadataAddress(address);
    if (!isPublicAddress(address) && !isExempt) throw new LinkRefusedError("PRIVATE_ADDRESS", `${host} resolves to a non-public address`);
  }
  const address = addresses[0] as string;
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  { deadline, maxBytes, headers }: { deadline: AbortSignal; maxBytes: number; headers: Record<string, string> },
): Promise<Omit<SafeResponse, "finalUrl">> {
  // Connect to the address checked above, whatever the resolver would say now (DNS rebinding).
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
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

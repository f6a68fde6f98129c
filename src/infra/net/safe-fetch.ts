import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress, numericHostToV4 } from "./address-policy";

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
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
  /** DNS resolution (tests map names to local addresses). */
  resolve?: Resolve;
  /**
   * Test-only escape hatch: these exact addresses pass the public-address check, so a test can reach a
   * server on 127.0.0.1 while every other rule applies. Production never sets it. Metadata addresses
   * are refused even when listed.
   */
  unsafeAllowAddresses?: readonly string[];
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  finalUrl: string;
}

const metadataAddresses = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

const defaultResolve: Resolve = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * GET a URL from an allowed host, never reaching a private, loopback, link-local or metadata address:
 * every hop's host is checked against the allow-list, resolved, and every resolved address must be
 * public; the connection then goes to the checked address only (no second DNS answer can swap it).
 * Redirects are followed by hand, each hop checked again.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const { maxRedirects = 5, timeoutMs = 15_000, maxBytes = 20 * 1024 * 1024 } = options;
  let url = parseUrl(input);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const address = await checkedAddress(url, options);
    const response = await requestOnce(url, address, { timeoutMs, maxBytes, headers: options.headers ?? {} });
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      url = parseUrl(new URL(location, url).href);
      continue;
    }
    return { ...response, finalUrl: url.href };
  }
  throw new LinkRefusedError("TOO_MANY_REDIRECTS");
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

function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => (pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern));
}

async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
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
    const isExempt = exempt.has(address) && !metadataAddresses.has(address);
    if (!isPublicAddress(address) && !isExempt) throw new LinkRefusedError("PRIVATE_ADDRESS", `${host} resolves to a non-public address`);
  }
  const address = addresses[0] as string;
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  { timeoutMs, maxBytes, headers }: { timeoutMs: number; maxBytes: number; headers: Record<string, string> },
): Promise<Omit<SafeResponse, "finalUrl">> {
  // Connect to the address checked above, whatever the resolver would say now (DNS rebinding).
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const fail = (error: LinkRefusedError) => {
      if (isSettled) return;
      isSettled = true;
      request.destroy();
      reject(error);
    };
    const request = client.request(url, { method: "GET", headers, lookup, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new LinkRefusedError("TOO_LARGE"));
        else chunks.push(chunk);
      });
      response.on("end", () => {
        if (isSettled) return;
        isSettled = true;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on("error", (error) => fail(new LinkRefusedError("HTTP_ERROR", error.message)));
    });
    request.on("timeout", () => fail(new LinkRefusedError("TIMEOUT")));
    request.on("error", (error) => fail(new LinkRefusedError("HTTP_ERROR", error.message)));
    request.end();
  });
}

import { lookup as dnsLookup } from "node:dns/promises";
import type { ClientRequest } from "node:http";
import { isIP, type LookupFunction } from "node:net";
import { isMetadataAddress, isPublicAddress, numericHostToV4 } from "./address-policy";

// The checks every outgoing link request makes, in one place for safeFetch, safeDownload and the
// YouTube client: the URL's shape, the allowed hosts, and the addresses its host resolves to (after DNS,
// on every redirect hop); then a connection pinned to the address that passed.

export type LinkRefusal =
  | "BAD_URL"
  | "BAD_SCHEME"
  | "HOST_NOT_ALLOWED"
  | "PRIVATE_ADDRESS"
  | "DNS_FAILED"
  | "TOO_MANY_REDIRECTS"
  | "TOO_LARGE"
  | "TIMEOUT"
  | "HTTP_ERROR"
  /** No connection could be made (refused, no route, no answer within the connect timeout): a network that is down. */
  | "UNREACHABLE";

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

export interface LinkPolicy {
  /** Exact host names, or `*.example.com` for its subdomains. */
  allowedHosts: readonly string[];
  /** DNS resolution (tests map names to local addresses). */
  resolve?: Resolve;
  /** Test-only: addresses (127.0.0.1) that pass the public-address check; never a metadata address. */
  unsafeAllowAddresses?: readonly string[];
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

const defaultResolve: Resolve = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** An http(s) URL without credentials, or LinkRefusedError. */
export function parseLinkUrl(input: string): URL {
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
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

/** The address to connect to: the host allowed, and every address it resolves to public. */
export async function checkedAddress(url: URL, policy: LinkPolicy): Promise<PinnedAddress> {
  // The URL parser already lowercases and turns 0x7f.1 or 2130706433 into 127.0.0.1; a trailing dot
  // names the same host in DNS, so it must not slip past the allow-list as a different name.
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

/** A socket lookup that answers the checked address, whatever the resolver would say now (DNS rebinding). */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/**
 * How long a host may take to accept a connection (DNS answer and TCP handshake, each). A reachable host
 * connects in well under a second; waiting longer only delays telling the user that the network is down.
 * Slow transfers keep their own, longer deadlines.
 */
export const defaultConnectTimeoutMs = 5_000;

/** `work` (a DNS lookup) or UNREACHABLE after `timeoutMs`. */
export function withinConnectTimeout<T>(work: Promise<T>, timeoutMs: number, host: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LinkRefusedError("UNREACHABLE", `no DNS answer for ${host} within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Watches a request's connection: no connection within `timeoutMs` destroys it with UNREACHABLE, and
 * `failure(error)` names an error before the connection was made UNREACHABLE (refused, no route) while
 * one after it stays what it was (a reset, a slow answer: worth another try).
 */
export function watchConnection(
  request: ClientRequest,
  timeoutMs: number,
): { failure(error: unknown): LinkRefusedError | null; done(): void } {
  let isConnected = false;
  const host = request.host;
  const timer = setTimeout(
    () => request.destroy(new LinkRefusedError("UNREACHABLE", `no connection to ${host} within ${timeoutMs} ms`)),
    timeoutMs,
  );
  request.once("socket", (socket) => {
    const connected = () => {
      isConnected = true;
      clearTimeout(timer);
    };
    if (socket.connecting) socket.once("connect", connected);
    else connected();
  });
  return {
    failure(error) {
      clearTimeout(timer);
      if (error instanceof LinkRefusedError) return error;
      if (isConnected) return null;
      return new LinkRefusedError("UNREACHABLE", `could not connect to ${host}: ${error instanceof Error ? error.message : String(error)}`);
    },
    done: () => clearTimeout(timer),
  };
}

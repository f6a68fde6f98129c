import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import http from "node:http";
import https from "node:https";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkedAddress, type LinkPolicy, LinkRefusedError, parseLinkUrl, pinnedLookup } from "./link-check";

// safeFetch's rules (allow-listed hosts, public addresses only, checked after DNS and on every redirect,
// the connection pinned to the checked address) for bodies too large to hold in memory: the body streams
// into a file while its sha256 is computed. Used for first-run model downloads (hundreds of MB), where
// safeFetch's one deadline and in-memory body do not fit; here a stalled transfer, not a slow one, fails.

export interface SafeDownloadOptions extends LinkPolicy {
  /** Redirects followed, each one checked like the first link (default 5; Hugging Face redirects to its CDN). */
  maxRedirects?: number;
  /** No byte for this long (connecting or reading) fails the download (default 30 s). */
  idleTimeoutMs?: number;
  /** Largest body written; more is TOO_LARGE. */
  maxBytes: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface SafeDownloadResult {
  bytes: number;
  sha256: string;
  finalUrl: string;
}

/** GETs `input` into `destination` (created or truncated). On failure the caller removes the partial file. */
export async function safeDownload(input: string, destination: string, options: SafeDownloadOptions): Promise<SafeDownloadResult> {
  const { response, finalUrl } = await safeRequest(input, options);
  return { ...(await writeBody(response, destination, options)), finalUrl };
}

/**
 * GETs `input` under the same rules and answers the final (2xx) response unread, for callers that write the
 * body themselves (resumable-download.ts sends Range and reads 206 answers).
 */
export async function safeRequest(
  input: string,
  options: SafeDownloadOptions,
): Promise<{ response: http.IncomingMessage; finalUrl: string }> {
  const { maxRedirects = 5 } = options;
  let url = parseLinkUrl(input);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    options.signal?.throwIfAborted();
    const address = await checkedAddress(url, options);
    const response = await requestOnce(url, address, options);
    const location = response.headers.location;
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      url = parseLinkUrl(new URL(location, url).href);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new LinkRefusedError("HTTP_ERROR", `HTTP ${status} from ${url.host}`);
    }
    if (Number(response.headers["content-length"] ?? 0) > options.maxBytes) {
      response.destroy();
      throw new LinkRefusedError("TOO_LARGE");
    }
    return { response, finalUrl: url.href };
  }
  throw new LinkRefusedError("TOO_MANY_REDIRECTS");
}

function requestOnce(url: URL, pinned: { address: string; family: 4 | 6 }, options: SafeDownloadOptions): Promise<http.IncomingMessage> {
  // Connect to the address checked above, whatever the resolver would say now (DNS rebinding).
  const lookup = pinnedLookup(pinned);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false, as in safeFetch: a pooled socket is keyed by host, not by the address checked for this hop.
    const request = client.request(
      url,
      { method: "GET", headers: options.headers ?? {}, lookup, agent: false, signal: options.signal },
      resolve,
    );
    request.setTimeout(options.idleTimeoutMs ?? 30_000, () => request.destroy(new LinkRefusedError("TIMEOUT")));
    request.on("error", (error) => {
      if (options.signal?.aborted) reject(options.signal.reason);
      else reject(error instanceof LinkRefusedError ? error : new LinkRefusedError("HTTP_ERROR", error.message));
    });
    request.end();
  });
}

async function writeBody(
  response: http.IncomingMessage,
  destination: string,
  options: SafeDownloadOptions,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) return callback(new LinkRefusedError("TOO_LARGE"));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(response, counter, createWriteStream(destination), { signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof LinkRefusedError) throw error;
    throw new LinkRefusedError("HTTP_ERROR", (error as Error).message);
  }
  return { bytes, sha256: hash.digest("hex") };
}

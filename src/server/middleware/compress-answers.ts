import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

// Hono's compress() pipes every body through a CompressionStream. For a 4 KB JSON answer that costs about
// 0.5 ms of CPU (web streams, a thread-pool hop per chunk) against about 0.1 ms for one gzip of the whole
// buffer, and the answer loses @hono/node-server's direct write; under bench:load (200 users browsing)
// it was the web process's largest single cost. JSON answers are whole strings in memory (the API
// streams only SSE), so they are gzipped in one call; every other answer (streamed pages, scripts, CSS)
// keeps Hono's streaming compression.

/** Smaller answers are sent as they are (Hono's threshold too): gzip would barely shrink them. */
const thresholdBytes = 1024;
/** Up to this, one gzip call on the event loop (under a millisecond); bigger answers go to the thread pool. */
const inlineLimitBytes = 64 * 1024;
const gzipInPool = promisify(gzip);
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const varyAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether Accept-Encoding allows gzip (named, or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const item of header.split(",")) {
    const [name = "", ...parameters] = item.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip") return allowed;
    if (name === "*") wildcard = allowed;
  }
  return wildcard;
}

export function compressAnswers(): MiddlewareHandler {
  const streaming = compress();
  return async (c, next) => {
    await next();
    const answer = c.res;
    const isJson = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(answer.headers.get("Content-Type") ?? "");
    if (!isJson) {
      // The handler has run: Hono's middleware only looks at the answer after its `next`.
      await streaming(c, async () => {});
      return;
    }
    if (
      !answer.body ||
      answer.status === 206 ||
      c.req.method === "HEAD" ||
      answer.headers.has("Content-Encoding") ||
      answer.headers.has("Transfer-Encoding") ||
      noTransform.test(answer.headers.get("Cache-Control") ?? "")
    )
      return;
    const vary = answer.headers.get("Vary");
    if (vary !== "*" && !(vary && varyAcceptEncoding.test(vary)))
      answer.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    const body = Buffer.from(await answer.arrayBuffer());
    const headers = new Headers(answer.headers);
    let sent: Uint8Array<ArrayBuffer> = body;
    if (body.length >= thresholdBytes) {
      sent = body.length <= inlineLimitBytes ? gzipSync(body) : await gzipInPool(body);
      headers.set("Content-Encoding", "gzip");
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(sent.length));
    // Unset first: assigning over an answer copies its headers into the new one (Content-Length included).
    c.res = undefined;
    c.res = new Response(sent, { status: answer.status, statusText: answer.statusText, headers });
  };
}

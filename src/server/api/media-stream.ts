import { Readable } from "node:stream";
import { z } from "@hono/zod-openapi";
import type { ByteRange, Storage } from "~/infra/storage/storage";

/**
 * One `Range: bytes=...` request header against a file of `size` bytes (RFC 9110 section 14):
 * `range` to send 206, `whole` to send 200 (no header, or one this server does not split, such as
 * several ranges: ignoring Range is allowed), `unsatisfiable` for 416.
 */
export function parseByteRange(
  header: string | null | undefined,
  size: number,
): { kind: "whole" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" } {
  if (!header) return { kind: "whole" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (size === 0) return { kind: "unsatisfiable" };
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "whole" };
  return { kind: "range", range: { start, end } };
}

/** How long a presigned media URL works: enough to start playing; a reload asks again. */
const presignedSeconds = 600;

/** The redirect a media route answers when the store presigns (documented on each route that uses mediaResponse). */
export const mediaRedirectResponse = {
  302: {
    description: `The file is read from the object store (S3 with a public endpoint): a presigned URL, valid ${presignedSeconds / 60} minutes, that answers Range itself`,
    headers: z.object({
      Location: z.url().openapi({ description: "The presigned URL of the file in the store" }),
      "Cache-Control": z
        .string()
        .openapi({ description: "private, no-store: the URL is a credential for this reader", example: "private, no-store" }),
    }),
  },
};

/**
 * A stored media file as an HTTP answer that players can seek in: 200 with Accept-Ranges, 206 with
 * Content-Range for one range, 416 outside the file. Null when nothing is stored under the key. When the
 * store hands out presigned URLs (S3 with a public endpoint, issue 21), a 302 to one instead: the player
 * reads the bytes, Range included, from the store, not through this process.
 */
export async function mediaResponse(
  storage: Storage,
  { key, contentType, rangeHeader, method }: { key: string; contentType: string; rangeHeader: string | undefined; method: string },
): Promise<Response | null> {
  const info = await storage.stat(key);
  if (!info) return null;
  const size = info.sizeBytes;
  if (storage.presignedGetUrl) {
    const location = await storage.presignedGetUrl(key, { expiresInSeconds: presignedSeconds, contentType });
    // The URL is a short-lived credential for this one reader: never cached, never sent on as a Referer.
    return new Response(null, {
      status: 302,
      headers: { Location: location, "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" },
    });
  }
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    // Private media: never stored by shared caches; no-transform keeps proxies from re-encoding it.
    "Cache-Control": "private, no-transform",
    "X-Content-Type-Options": "nosniff",
  });
  const wanted = parseByteRange(rangeHeader, size);
  if (wanted.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const range = wanted.kind === "range" ? wanted.range : null;
  const length = range ? range.end - range.start + 1 : size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (method === "HEAD" || length === 0) return new Response(null, { status, headers });
  const stream = await storage.get(key, range ?? undefined);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

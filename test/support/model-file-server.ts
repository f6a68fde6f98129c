import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Hugging Face's file hosting on 127.0.0.1 (issue 19's first-run downloads): serves files
// with Range and If-Range as a CDN does, records each request, and can cut a connection or hold one open
// mid-body so tests see a resume, a cancel, or a progress bar between two known points.

export interface ServedRequest {
  path: string;
  range: string | null;
  ifRange: string | null;
  status: number;
  /** Body bytes written before the response ended or was cut. */
  bytesSent: number;
}

export interface ModelFileServer {
  url: string;
  requests: ServedRequest[];
  /** The next response is cut (socket destroyed) after this many body bytes. */
  cutNextAfter(bytes: number): void;
  /** The next response stops after this many body bytes until `release()` (or the client goes away). */
  holdNextAfter(bytes: number): void;
  release(): void;
  /** Range requests are answered 200 with the whole file (a server without range support). */
  ignoreRanges(ignore: boolean): void;
  close(): Promise<void>;
}

/** `files`: URL path (`/name.gguf`) to a file on disk. */
export async function startModelFileServer(files: Record<string, string>, port = 0): Promise<ModelFileServer> {
  const requests: ServedRequest[] = [];
  let cutAfter: number | null = null;
  let holdAfter: number | null = null;
  let isIgnoringRanges = false;
  let releaseHold: (() => void) | null = null;
  let held: Promise<void> | null = null;

  const server: Server = createServer(async (request, response) => {
    const pathName = new URL(request.url ?? "/", "http://x").pathname;
    const record: ServedRequest = {
      path: pathName,
      range: request.headers.range ?? null,
      ifRange: (request.headers["if-range"] as string | undefined) ?? null,
      status: 404,
      bytesSent: 0,
    };
    requests.push(record);
    const file = files[pathName];
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info) return void response.writeHead(404).end();
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const ranged = /^bytes=(\d+)-$/.exec(record.range ?? "");
    const isRangeHonoured = ranged && !isIgnoringRanges && (record.ifRange === null || record.ifRange === etag);
    const start = isRangeHonoured ? Number(ranged[1]) : 0;
    if (start >= info.size && start > 0) {
      record.status = 416;
      return void response.writeHead(416, { "content-range": `bytes */${info.size}` }).end();
    }
    record.status = isRangeHonoured ? 206 : 200;
    response.writeHead(record.status, {
      "content-length": info.size - start,
      "accept-ranges": "bytes",
      etag,
      ...(isRangeHonoured ? { "content-range": `bytes ${start}-${info.size - 1}/${info.size}` } : {}),
    });
    const cut = cutAfter;
    const hold = holdAfter;
    cutAfter = null;
    holdAfter = null;
    await send(response, file, start, info.size, record, cut, hold);
  });

  async function send(
    response: ServerResponse,
    file: string,
    start: number,
    size: number,
    record: ServedRequest,
    cut: number | null,
    hold: number | null,
  ): Promise<void> {
    const stop = cut ?? hold;
    const end = stop === null ? size - 1 : Math.min(size - 1, start + stop - 1);
    for await (const chunk of createReadStream(file, { start, end })) {
      if (response.destroyed) return;
      record.bytesSent += (chunk as Buffer).length;
      if (!response.write(chunk)) await new Promise((resolve) => response.once("drain", resolve));
    }
    if (cut !== null) return void response.socket?.destroy();
    if (hold !== null) {
      held = new Promise<void>((resolve) => {
        releaseHold = resolve;
        response.once("close", () => resolve());
      });
      await held;
      if (response.destroyed) return;
      for await (const chunk of createReadStream(file, { start: end + 1 })) {
        if (response.destroyed) return;
        record.bytesSent += (chunk as Buffer).length;
        if (!response.write(chunk)) await new Promise((resolve) => response.once("drain", resolve));
      }
    }
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    cutNextAfter: (bytes) => {
      cutAfter = bytes;
    },
    holdNextAfter: (bytes) => {
      holdAfter = bytes;
    },
    release: () => releaseHold?.(),
    ignoreRanges: (ignore) => {
      isIgnoringRanges = ignore;
    },
    async close() {
      releaseHold?.();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

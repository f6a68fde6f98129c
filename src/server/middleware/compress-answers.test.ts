import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, compressAnswers } from "./compress-answers";

// Real HTTP through @hono/node-server, read with node:http so the bytes on the wire are seen as sent
// (fetch would decompress them).

const big = { items: Array.from({ length: 200 }, (_, index) => ({ id: index, title: `Weekly sync ${index}` })) };
const huge = { text: "parley ".repeat(30_000) };
let server: ServerType;
let base: string;

beforeAll(async () => {
  const app = new Hono();
  app.use(compressAnswers());
  app.get("/big", (c) => c.json(big));
  app.get("/huge", (c) => c.json(huge));
  app.get("/small", (c) => c.json({ ok: true }));
  app.get("/etag", (c) => c.json(big, 200, { ETag: '"v1"', Vary: "Cookie" }));
  app.get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }));
  app.get("/html", (c) => c.html(`<p>${"hello ".repeat(1000)}</p>`));
  app.get("/events", (c) => streamSSE(c, async (stream) => stream.writeSSE({ data: "x".repeat(2000) })));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("compressAnswers", () => {
  it("gzips a JSON answer in one piece, with its length and Vary", async () => {
    const answer = await get("/big", "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(big);
  });

  it("gzips a JSON answer too big for the event loop in the thread pool", async () => {
    const answer = await get("/huge", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(huge);
  });

  it("sends JSON as it is to a client that does not accept gzip, or when it is small", async () => {
    for (const encoding of [undefined, "identity", "gzip;q=0", "br"]) {
      const answer = await get("/big", encoding);
      expect(answer.headers["content-encoding"], String(encoding)).toBeUndefined();
      expect(JSON.parse(answer.body.toString())).toEqual(big);
    }
    const small = await get("/small", "gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String(small.body.length));
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it("weakens a strong ETag, adds to an existing Vary, and leaves no-transform answers alone", async () => {
    const answer = await get("/etag", "gzip");
    expect(answer.headers.etag).toBe('W/"v1"');
    expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
    const kept = await get("/no-transform", "gzip");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(kept.body.toString())).toEqual(big);
  });

  it("leaves other answers to the streaming compression, and never compresses an event stream", async () => {
    const html = await get("/html", "gzip");
    expect(html.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(html.body).toString()).toContain("hello hello");
    const events = await get("/events", "gzip");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString()).toContain("data: xxx");
  });

  it("reads Accept-Encoding's q values", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

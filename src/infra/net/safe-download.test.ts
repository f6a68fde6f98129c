import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeDownload } from "./safe-download";

// A server on 127.0.0.1 stands in for the internet; "files.test" resolves to it through the `resolve`
// option, and its address passes only through the test-only exemption.
describe("safeDownload", () => {
  let server: Server;
  let port: number;
  let dir: string;
  const body = Buffer.from("0123456789".repeat(1_000));

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/file") return response.writeHead(200).end(body);
      if (request.url === "/to-file") return response.writeHead(302, { location: "/file" }).end();
      if (request.url === "/to-elsewhere") return response.writeHead(302, { location: `http://elsewhere.test:${port}/file` }).end();
      if (request.url === "/loop") return response.writeHead(302, { location: "/loop" }).end();
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    dir = await mkdtemp(path.join(tmpdir(), "download-"));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const options = {
    allowedHosts: ["files.test", "elsewhere.test"],
    resolve: async () => ["127.0.0.1"],
    unsafeAllowAddresses: ["127.0.0.1"],
    maxBytes: 1_000_000,
  };
  const url = (route: string) => `http://files.test:${port}${route}`;

  it("streams the body to the file with its size and sha256, following a redirect", async () => {
    const target = path.join(dir, "a");
    const result = await safeDownload(url("/to-file"), target, options);
    expect(result).toEqual({ bytes: body.length, sha256: createHash("sha256").update(body).digest("hex"), finalUrl: url("/file") });
    expect((await readFile(target)).equals(body)).toBe(true);
  });

  it("refuses a host not on the list, a redirect to one, and a private address without the exemption", async () => {
    await expect(safeDownload(url("/file"), path.join(dir, "b"), { ...options, allowedHosts: ["elsewhere.test"] })).rejects.toMatchObject({
      code: "HOST_NOT_ALLOWED",
    });
    await expect(
      safeDownload(url("/to-elsewhere"), path.join(dir, "b"), { ...options, allowedHosts: ["files.test"] }),
    ).rejects.toMatchObject({ code: "HOST_NOT_ALLOWED" });
    await expect(safeDownload(url("/file"), path.join(dir, "b"), { ...options, unsafeAllowAddresses: [] })).rejects.toMatchObject({
      code: "PRIVATE_ADDRESS",
    });
    await expect(safeDownload("file:///etc/passwd", path.join(dir, "b"), options)).rejects.toMatchObject({ code: "BAD_SCHEME" });
  });

  it("stops a body over the limit, an HTTP error and a redirect loop", async () => {
    await expect(safeDownload(url("/file"), path.join(dir, "c"), { ...options, maxBytes: 100 })).rejects.toMatchObject({
      code: "TOO_LARGE",
    });
    await expect(safeDownload(url("/missing"), path.join(dir, "c"), options)).rejects.toMatchObject({
      code: "HTTP_ERROR",
      message: `HTTP 404 from files.test:${port}`,
    });
    await expect(safeDownload(url("/loop"), path.join(dir, "c"), options)).rejects.toMatchObject({ code: "TOO_MANY_REDIRECTS" });
  });

  it("stops when aborted", async () => {
    await expect(safeDownload(url("/file"), path.join(dir, "d"), { ...options, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

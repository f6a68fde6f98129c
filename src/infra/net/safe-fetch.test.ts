import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Resolve, type SafeFetchOptions, safeFetch } from "./safe-fetch";

// A real HTTP server on 127.0.0.1. Names resolve through an injected resolver; 127.0.0.1 passes only
// because the test lists it in unsafeAllowAddresses, so every other rule is exercised for real.
describe("safe fetch", () => {
  let server: Server;
  let port = 0;
  const names: Record<string, string[]> = {
    "media.test": ["127.0.0.1"],
    "also.media.test": ["127.0.0.1"],
    "private.test": ["10.0.0.5"],
    "metadata.test": ["169.254.169.254"],
    "mixed.test": ["8.8.8.8", "10.0.0.9"],
  };
  const resolve: Resolve = async (host) => {
    const found = names[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };
  const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    allowedHosts: ["media.test", "*.media.test", "private.test", "metadata.test", "mixed.test", "unknown.test"],
    resolve,
    unsafeAllowAddresses: ["127.0.0.1"],
    ...extra,
  });
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? "/";
      if (path === "/ok") return response.end(`hello from ${request.headers.host}`);
      if (path === "/hop") return response.writeHead(302, { Location: "/ok" }).end();
      if (path === "/to-private") return response.writeHead(302, { Location: `http://private.test:${port}/ok` }).end();
      if (path === "/to-elsewhere") return response.writeHead(301, { Location: "http://evil.example/" }).end();
      if (path === "/loop") return response.writeHead(302, { Location: "/loop" }).end();
      if (path === "/big") return response.end(Buffer.alloc(2048, 1));
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("fetches from an allowed host and follows a redirect on it", async () => {
    const response = await safeFetch(at("media.test", "/hop"), options());
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(`hello from media.test:${port}`);
    expect(response.finalUrl).toBe(at("media.test", "/ok"));
    expect((await safeFetch(at("also.media.test", "/ok"), options())).status).toBe(200);
  });

  it.each([
    ["a host off the list", () => at("evil.example", "/ok"), "HOST_NOT_ALLOWED"],
    ["a redirect to a host off the list", () => at("media.test", "/to-elsewhere"), "HOST_NOT_ALLOWED"],
    ["a redirect to a private address", () => at("media.test", "/to-private"), "PRIVATE_ADDRESS"],
    ["a name that resolves to a metadata address", () => at("metadata.test", "/ok"), "PRIVATE_ADDRESS"],
    ["a name with one private address among public ones", () => at("mixed.test", "/ok"), "PRIVATE_ADDRESS"],
    ["a name that does not resolve", () => at("unknown.test", "/ok"), "DNS_FAILED"],
    ["a redirect loop", () => at("media.test", "/loop"), "TOO_MANY_REDIRECTS"],
    ["a file scheme", () => "file:///etc/passwd", "BAD_SCHEME"],
    ["credentials in the link", () => `http://user:pw@media.test:${port}/ok`, "BAD_URL"],
  ])("refuses %s", async (_label, url, code) => {
    await expect(safeFetch(url(), options())).rejects.toMatchObject({ name: "LinkRefusedError", code });
  });

  it("refuses loopback itself without the test exemption, even spelled as a number", async () => {
    const strict = options({ unsafeAllowAddresses: [], allowedHosts: ["media.test", "127.0.0.1", "2130706433"] });
    await expect(safeFetch(at("media.test", "/ok"), strict)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
    await expect(safeFetch(at("127.0.0.1", "/ok"), strict)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
    await expect(safeFetch(`http://2130706433:${port}/ok`, strict)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
  });

  it("never lets the exemption open a metadata address", async () => {
    const listed = options({ unsafeAllowAddresses: ["127.0.0.1", "169.254.169.254"] });
    await expect(safeFetch(at("metadata.test", "/ok"), listed)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
  });

  it("stops reading past the size cap", async () => {
    await expect(safeFetch(at("media.test", "/big"), options({ maxBytes: 1024 }))).rejects.toMatchObject({ code: "TOO_LARGE" });
  });
});

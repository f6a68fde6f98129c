import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resolve } from "./link-check";
import { type SafeFetchOptions, safeFetch } from "./safe-fetch";

// A real HTTP server on 127.0.0.1. Names resolve through an injected resolver; 127.0.0.1 passes only
// because the test lists it in unsafeAllowAddresses, so every other rule is exercised for real.
describe("safe fetch", () => {
  let server: Server;
  let port = 0;
  const hanging: ServerResponse[] = [];
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
    allowedHosts: [
      "media.test",
      "*.media.test",
      "private.test",
      "metadata.test",
      "mixed.test",
      "unknown.test",
      "10.0.0.1",
      "169.254.169.254",
    ],
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
      if (path === "/to-ten") return response.writeHead(302, { Location: "http://10.0.0.1/" }).end();
      if (path === "/to-metadata") return response.writeHead(307, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
      if (path === "/to-file") return response.writeHead(302, { Location: "file:///etc/passwd" }).end();
      if (path === "/to-decimal") return response.writeHead(302, { Location: `http://2130706433:${port}/ok` }).end();
      if (path === "/hang") return void hanging.push(response);
      if (path === "/declared-big") return response.writeHead(200, { "Content-Length": "4096" }).end(Buffer.alloc(4096));
      if (path === "/loop") return response.writeHead(302, { Location: "/loop" }).end();
      if (path === "/big") return response.end(Buffer.alloc(2048, 1));
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const response of hanging) response.end();
    await new Promise<void>((done) => server.close(() => done()));
  });

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
    ["a redirect to a private address literal", () => at("media.test", "/to-ten"), "PRIVATE_ADDRESS"],
    ["a redirect to the metadata address", () => at("media.test", "/to-metadata"), "PRIVATE_ADDRESS"],
    ["a redirect to loopback spelled as a number", () => at("media.test", "/to-decimal"), "HOST_NOT_ALLOWED"],
    ["a redirect to a file", () => at("media.test", "/to-file"), "BAD_SCHEME"],
    ["a look-alike of an allowed host", () => at("media.test.evil.example", "/ok"), "HOST_NOT_ALLOWED"],
    ["a name that only ends like an allowed suffix", () => at("notmedia.test", "/ok"), "HOST_NOT_ALLOWED"],
    ["an IPv6 loopback literal", () => `http://[::1]:${port}/ok`, "HOST_NOT_ALLOWED"],
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
    const listed = options({ unsafeAllowAddresses: ["127.0.0.1", "169.254.169.254", "::ffff:169.254.169.254", "fd00:ec2::254"] });
    await expect(safeFetch(at("metadata.test", "/ok"), listed)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
    await expect(safeFetch(at("media.test", "/to-metadata"), listed)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
    const spelled: Resolve = async () => ["::ffff:169.254.169.254"];
    await expect(safeFetch(at("media.test", "/ok"), { ...listed, resolve: spelled })).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
    const aws: Resolve = async () => ["fd00:ec2::254"];
    await expect(safeFetch(at("media.test", "/ok"), { ...listed, resolve: aws })).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
  });

  it("stops reading past the size cap, declared or not", async () => {
    const capped = options({ maxBytes: 1024 });
    await expect(safeFetch(at("media.test", "/big"), capped)).rejects.toMatchObject({ code: "TOO_LARGE" });
    await expect(safeFetch(at("media.test", "/declared-big"), capped)).rejects.toMatchObject({ code: "TOO_LARGE" });
  });

  it("refuses private addresses listed as allowed hosts, IPv4 or IPv6", async () => {
    const listed = options({ allowedHosts: ["::1", "10.0.0.1"] });
    await expect(safeFetch(`http://[::1]:${port}/ok`, listed)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
    await expect(safeFetch("http://10.0.0.1/", listed)).rejects.toMatchObject({ code: "PRIVATE_ADDRESS" });
  });

  it("connects to the address it checked, not to a later DNS answer (rebinding)", async () => {
    // media.test is not in any real DNS: the fetch can only succeed by using the checked answer, and
    // the second answer (a private address) is never asked for on the same hop.
    const answers = [["127.0.0.1"], ["10.0.0.1"]];
    const rebinding: Resolve = async () => answers.shift() ?? [];
    const response = await safeFetch(at("media.test", "/ok"), options({ resolve: rebinding }));
    expect(response.status).toBe(200);
    expect(answers).toEqual([["10.0.0.1"]]);
  });

  it("checks the name again on every redirect hop", async () => {
    const asked: string[] = [];
    const recording: Resolve = async (host) => {
      asked.push(host);
      return resolve(host);
    };
    await safeFetch(at("media.test", "/hop"), options({ resolve: recording }));
    expect(asked).toEqual(["media.test", "media.test"]);
  });

  it("treats a trailing dot as the same host", async () => {
    expect((await safeFetch(at("media.test.", "/ok"), options())).status).toBe(200);
    await expect(safeFetch(at("evil.example.", "/ok"), options())).rejects.toMatchObject({ code: "HOST_NOT_ALLOWED" });
  });

  it("gives up at the deadline, waiting on the server or on DNS", async () => {
    await expect(safeFetch(at("media.test", "/hang"), options({ timeoutMs: 200 }))).rejects.toMatchObject({ code: "TIMEOUT" });
    const silent: Resolve = () => new Promise<string[]>(() => {});
    await expect(safeFetch(at("media.test", "/ok"), options({ resolve: silent, timeoutMs: 200 }))).rejects.toMatchObject({
      code: "TIMEOUT",
    });
  });
});

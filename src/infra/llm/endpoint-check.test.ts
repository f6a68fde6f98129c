import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEndpoint, endpointRoot } from "./endpoint-check";

// The connection test's plain answers for what the stand-ins cannot show: a redirect is named and never
// followed, a server that holds the request is a timeout, and a list that names the model needs no request.
describe("checkEndpoint", () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.url?.startsWith("/moved/")) {
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      } else if (request.url?.startsWith("/hang/")) {
        // Never answered: the check's own deadline ends it.
      } else if (request.url === "/v1/models") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [{ id: "listed-model" }] }));
      } else {
        response.writeHead(500).end("unexpected");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("names a redirect and does not follow it", async () => {
    const result = await checkEndpoint({ kind: "chat", baseUrl: `${url}/moved/v1`, model: "m" });
    expect(result).toMatchObject({ ok: false, problem: "redirect" });
    expect(result.detail).toContain("169.254.169.254");
    expect(seen.filter((line) => line.includes("meta-data"))).toEqual([]);
  });

  it("calls a server that does not answer in time a timeout", async () => {
    const result = await checkEndpoint({ kind: "embeddings", baseUrl: `${url}/hang/v1`, model: "m", timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, problem: "timeout" });
  });

  it("is satisfied by a model list that names the model, without a request for it", async () => {
    seen.length = 0;
    const result = await checkEndpoint({ kind: "chat", baseUrl: url, model: "listed-model" });
    expect(result).toMatchObject({ ok: true, models: ["listed-model"] });
    expect(seen).toEqual(["GET /v1/models"]);
  });

  it("uses the root each engine uses: the speech engine's origin + /v1, the chat client's path as given", () => {
    expect(endpointRoot("transcription", "http://host:8001/anything")).toBe("http://host:8001/v1");
    expect(endpointRoot("chat", "http://host:11434")).toBe("http://host:11434/v1");
    expect(endpointRoot("chat", "http://host:8080/v1/")).toBe("http://host:8080/v1");
  });
});

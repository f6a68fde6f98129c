import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CallbackError, createCallbackClient } from "./callback-client";
import { createCallbackQueue } from "./callback-queue";

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

type Reply = (request: Received, response: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real HTTP receiver; `reply` decides each answer (default 204). */
async function startReceiver(reply: Reply = (_request, response) => response.writeHead(204).end()) {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        method: request.method ?? "",
        url: request.url ?? "",
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        body: Buffer.concat(chunks),
      };
      received.push(entry);
      reply(entry, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, received };
}

const botId = "0b9f7a52-3c2e-4a57-9d1e-1f1f3f0a7c11";
const status = (sequence: number) => ({ code: "joining_call" as const, subcode: null, sequence, at: 1_700_000_000_000 + sequence });

describe("callback client", () => {
  it("signs every call with the bot's token and sends each to its path with its body", async () => {
    const receiver = await startReceiver((request, response) => {
      if (request.url.endsWith("/heartbeat")) response.writeHead(200, { "content-type": "application/json" }).end('{"leave":true}');
      else response.writeHead(204).end();
    });
    const client = createCallbackClient({ callbackBaseUrl: `${receiver.baseUrl}/`, botId, token: "signed.token" });
    await client.postStatus(status(1));
    expect(await client.heartbeat({ participantCount: 2, recordedSeconds: 4.5 })).toEqual({ leave: true });
    await client.putRecordingPart(3, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]));
    await client.postSpeakers({ turns: [{ name: "Ana", startMs: 0, endMs: 900 }], participants: ["Ana"] });
    await client.finish({ recordingParts: 4, durationMs: 19_000, hasAudio: true });

    const base = `/api/bot-callbacks/${botId}/`;
    expect(receiver.received.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${base}status`,
      `POST ${base}heartbeat`,
      `PUT ${base}recording/3`,
      `POST ${base}speakers`,
      `POST ${base}finish`,
    ]);
    expect(new Set(receiver.received.map((request) => request.authorization))).toEqual(new Set(["Bearer signed.token"]));
    expect(JSON.parse(receiver.received[0]?.body.toString() ?? "")).toEqual(status(1));
    expect(receiver.received[2]?.contentType).toBe("audio/webm");
    expect([...(receiver.received[2]?.body ?? [])]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(JSON.parse(receiver.received[4]?.body.toString() ?? "")).toEqual({ recordingParts: 4, durationMs: 19_000, hasAudio: true });
  });

  it("says which failures a retry could fix, and refuses a heartbeat reply it cannot read", async () => {
    const receiver = await startReceiver((request, response) => {
      if (request.url.endsWith("/status")) response.writeHead(503).end("busy");
      else if (request.url.endsWith("/finish")) response.writeHead(401).end("bad token");
      else response.writeHead(200, { "content-type": "application/json" }).end('{"leave":"yes"}');
    });
    const client = createCallbackClient({ callbackBaseUrl: receiver.baseUrl, botId, token: "t" });
    await expect(client.postStatus(status(1))).rejects.toMatchObject({ isRetryable: true, status: 503 });
    await expect(client.finish({ recordingParts: 0, durationMs: 0, hasAudio: false })).rejects.toMatchObject({
      isRetryable: false,
      status: 401,
    });
    await expect(client.heartbeat({ participantCount: 0, recordedSeconds: 0 })).rejects.toBeInstanceOf(CallbackError);
  });
});

describe("callback queue", () => {
  it("keeps the order: a status that gets 503 twice is retried and the next waits for it", async () => {
    let failuresLeft = 2;
    const receiver = await startReceiver((request, response) => {
      const { sequence } = JSON.parse(request.body.toString()) as { sequence: number };
      if (sequence === 1 && failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(503).end();
      } else response.writeHead(204).end();
    });
    const client = createCallbackClient({ callbackBaseUrl: receiver.baseUrl, botId, token: "t" });
    const queue = createCallbackQueue({ firstBackoffMs: 20 });
    for (const sequence of [1, 2, 3]) queue.enqueue(`status ${sequence}`, () => client.postStatus(status(sequence)));
    await queue.drained();
    const sequences = receiver.received.map((request) => (JSON.parse(request.body.toString()) as { sequence: number }).sequence);
    expect(sequences).toEqual([1, 1, 1, 2, 3]);
    expect(queue.sent).toEqual(["status 1", "status 2", "status 3"]);
    expect(queue.dropped).toEqual([]);
  });

  it("retries a dropped connection", async () => {
    let isFirst = true;
    const receiver = await startReceiver((_request, response) => {
      if (isFirst) {
        isFirst = false;
        response.socket?.destroy();
      } else response.writeHead(204).end();
    });
    const client = createCallbackClient({ callbackBaseUrl: receiver.baseUrl, botId, token: "t" });
    const queue = createCallbackQueue({ firstBackoffMs: 20 });
    queue.enqueue("status 1", () => client.postStatus(status(1)));
    await queue.drained();
    expect(receiver.received).toHaveLength(2);
    expect(queue.sent).toEqual(["status 1"]);
  });

  it("gives up on an item after its time and on a 4xx at once, and goes on with the next", async () => {
    const receiver = await startReceiver((request, response) => {
      const { sequence } = JSON.parse(request.body.toString()) as { sequence: number };
      response.writeHead(sequence === 1 ? 503 : sequence === 2 ? 400 : 204).end();
    });
    const client = createCallbackClient({ callbackBaseUrl: receiver.baseUrl, botId, token: "t" });
    const givenUp: string[] = [];
    const queue = createCallbackQueue({
      giveUpAfterMs: 600,
      firstBackoffMs: 50,
      maxBackoffMs: 100,
      onGiveUp: (label) => givenUp.push(label),
    });
    const startedAt = Date.now();
    for (const sequence of [1, 2, 3]) queue.enqueue(`status ${sequence}`, () => client.postStatus(status(sequence)));
    await queue.drained();
    const attempts = (sequence: number) =>
      receiver.received.filter((request) => (JSON.parse(request.body.toString()) as { sequence: number }).sequence === sequence).length;
    expect(givenUp).toEqual(["status 1", "status 2"]);
    expect(queue.sent).toEqual(["status 3"]);
    expect(attempts(1)).toBeGreaterThan(3);
    expect(attempts(2)).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type BotFinish,
  type BotSpeakerTimeline,
  type BotStatusReport,
  botFinishSchema,
  botHeartbeatSchema,
  botSpeakerTimelineSchema,
  botStatusReportSchema,
} from "../../src/shared/meetings/bot-callbacks";

// A real HTTP receiver for one bot's callbacks (issue 6 bot tests): checks the token and each body
// against the callback schemas, keeps every request in arrival order, answers heartbeats with `leave`
// when a test asks the bot to go, and serves extra pages (a meeting page) beside the callbacks.

export type CallbackKind = "status" | "heartbeat" | "recording" | "speakers" | "finish";

export interface ReceivedCallback {
  kind: CallbackKind;
  /** Recording part number (PUT recording/{n}). */
  part: number | null;
  body: Buffer;
}

export type PageHandler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void;

export interface BotCallbackReceiver {
  baseUrl: string;
  received: ReceivedCallback[];
  /** Requests that broke the contract (wrong token, bad body); a test expects none. */
  rejected: string[];
  statuses(): BotStatusReport[];
  /** `code` or `code/subcode` of each status, in arrival order. */
  statusCodes(): string[];
  parts(): Map<number, Buffer>;
  speakers(): BotSpeakerTimeline | null;
  finish(): BotFinish | null;
  count(kind: CallbackKind): number;
  /** Resolves once `condition` holds (checked on every request); rejects after `timeoutMs`. */
  waitFor(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** The next heartbeats answer { leave: true } (cancel from the product). */
  askToLeave(): void;
  close(): Promise<void>;
}

export async function startBotCallbackReceiver({ botId, token, pages }: { botId: string; token: string; pages?: PageHandler }) {
  const received: ReceivedCallback[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  let isLeaving = false;
  const prefix = `/api/bot-callbacks/${botId}/`;
  const schemas = {
    status: botStatusReportSchema,
    heartbeat: botHeartbeatSchema,
    speakers: botSpeakerTimelineSchema,
    finish: botFinishSchema,
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = request.url ?? "/";
      if (!url.startsWith(prefix)) {
        if (pages) pages(request, body, response);
        else response.writeHead(404).end();
        return;
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        rejected.push(`${url}: wrong token`);
        response.writeHead(401).end();
        return;
      }
      const path = url.slice(prefix.length);
      const recording = /^recording\/(\d+)$/.exec(path);
      const kind = (recording ? "recording" : path) as CallbackKind;
      if (kind !== "recording") {
        const schema = schemas[kind as keyof typeof schemas];
        const parsed = schema?.safeParse(JSON.parse(body.toString() || "null"));
        if (!parsed?.success) {
          rejected.push(`${url}: ${parsed ? parsed.error.message : "unknown path"}`);
          response.writeHead(400).end();
          return;
        }
      } else if (request.method !== "PUT" || body.length === 0) {
        rejected.push(`${url}: ${request.method} with ${body.length} bytes`);
        response.writeHead(400).end();
        return;
      }
      received.push({ kind, part: recording ? Number(recording[1]) : null, body });
      if (kind === "heartbeat") response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ leave: isLeaving }));
      else response.writeHead(204).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const of = (kind: CallbackKind) => received.filter((entry) => entry.kind === kind);
  const statuses = () => of("status").map((entry) => botStatusReportSchema.parse(JSON.parse(entry.body.toString())));
  const receiver: BotCallbackReceiver = {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    rejected,
    statuses,
    statusCodes: () => statuses().map((status) => (status.subcode ? `${status.code}/${status.subcode}` : status.code)),
    parts: () => new Map(of("recording").map((entry) => [entry.part ?? -1, entry.body])),
    speakers: () => {
      const last = of("speakers").at(-1);
      return last ? botSpeakerTimelineSchema.parse(JSON.parse(last.body.toString())) : null;
    },
    finish: () => {
      const last = of("finish").at(-1);
      return last ? botFinishSchema.parse(JSON.parse(last.body.toString())) : null;
    },
    count: (kind) => of(kind).length,
    waitFor(condition, what, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!condition()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; statuses so far: ${receiver.statusCodes().join(", ")}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    askToLeave() {
      isLeaving = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
  return receiver;
}

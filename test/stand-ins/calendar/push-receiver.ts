import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// The app's push endpoints in miniature, for tests of the stand-in itself: records every POST and
// answers as a well-behaved app does (Graph validation: the token back as text/plain), or as told.

export interface ReceivedPush {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** "echo": 200 text/plain with the validation token (202 for notifications); the rest misbehave. */
export type ReceiverMode = "echo" | "wrong-token" | "status-500" | "silent";

export interface PushReceiver {
  /** http://127.0.0.1:PORT/hooks */
  url: string;
  received: ReceivedPush[];
  mode: ReceiverMode;
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: PushReceiver = {
    url: "",
    received: [],
    mode: "echo",
    waitFor: (count) =>
      receiver.received.length >= count
        ? Promise.resolve(receiver.received)
        : new Promise((resolve) => waiters.push({ count, resolve: () => resolve(receiver.received) })),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = req.url ?? "/";
      receiver.received.push({ url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      for (const waiter of [...waiters])
        if (receiver.received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      const token = new URL(url, "http://receiver").searchParams.get("validationToken");
      if (receiver.mode === "silent") return;
      if (receiver.mode === "status-500") return void res.writeHead(500).end();
      if (token === null) return void res.writeHead(202).end();
      res.writeHead(200, { "content-type": "text/plain" }).end(receiver.mode === "wrong-token" ? "not the token" : token);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

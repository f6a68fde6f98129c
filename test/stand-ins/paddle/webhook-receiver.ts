import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// The app's webhook endpoint in miniature, for tests of the stand-in itself: records each POST as it
// arrived (raw body, Paddle-Signature, Content-Type) and answers 200.

export interface ReceivedWebhook {
  body: string;
  signature: string;
  contentType: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once at least `count` POSTs have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["paddle-signature"] ?? ""),
        contentType: String(req.headers["content-type"] ?? ""),
      });
      res.writeHead(200).end("ok");
      for (const waiter of [...waiters])
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/paddle`,
    received,
    waitFor: (count) => (received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

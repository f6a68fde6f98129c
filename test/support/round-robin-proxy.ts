import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";

// Issue 21: a load balancer in front of several web processes, as small as one can be: every request goes
// to the next backend in turn (no sticky sessions), streamed both ways, so server-sent events and tus
// PATCH bodies pass through as they would behind nginx or a cloud balancer. The Host header is kept (a
// balancer that preserves it), and X-Forwarded-For / -Proto are added. It records where each request went.

export interface ProxiedRequest {
  method: string;
  path: string;
  /** Index into the backends the request went to. */
  backend: number;
}

export interface RoundRobinProxy {
  url: string;
  /** Every request so far, in arrival order. */
  log: ProxiedRequest[];
  close(): Promise<void>;
}

export function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  if (backends.length === 0) throw new Error("the proxy needs at least one backend");
  const targets = backends.map((backend) => new URL(backend));
  // Keep-alive to the backends, as a balancer pools its upstream connections.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const log: ProxiedRequest[] = [];
  let next = 0;

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const backend = next;
    next = (next + 1) % targets.length;
    const target = targets[backend] as URL;
    log.push({ method: incoming.method ?? "GET", path: incoming.url ?? "/", backend });
    const headers = { ...incoming.headers };
    const peer = incoming.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${peer}` : peer;
    headers["x-forwarded-proto"] = "http";
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers, agent },
      (answer) => {
        // rawHeaders keeps repeated headers (several Set-Cookie) as the backend sent them.
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        // Events are written as they come: no buffering between the backend and the client.
        outgoing.flushHeaders();
        answer.pipe(outgoing);
        answer.on("error", () => outgoing.destroy());
      },
    );
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" }).end("bad gateway");
      else outgoing.destroy();
    });
    // A client that goes away (a closed event stream) closes the upstream request too.
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) upstream.destroy();
    });
    incoming.pipe(upstream);
  };

  const server = createServer(forward);
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        log,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            agent.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

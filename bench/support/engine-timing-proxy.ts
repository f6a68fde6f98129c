import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

// A pass-through in front of the speech engine's HTTP server that notes when each transcription request
// arrived and when its answer was sent: the benchmark subtracts the engine's busy time from the pipeline's,
// which leaves what the pipeline adds (decode, voice detection, job pickup, writes) even on a machine so
// loaded that the engine's own time swings by 2x between runs.

export interface EngineCall {
  start: number;
  end: number;
}

export interface EngineTimingProxy {
  url: string;
  /** Calls finished so far (performance.now() milliseconds). */
  calls: EngineCall[];
  close(): Promise<void>;
}

export async function startEngineTimingProxy(engineUrl: string): Promise<EngineTimingProxy> {
  const target = new URL(engineUrl);
  const calls: EngineCall[] = [];
  const server = createServer((incoming, outgoing) => {
    const start = performance.now();
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
        answer.on("end", () => {
          if (incoming.method === "POST") calls.push({ start, end: performance.now() });
        });
      },
    );
    upstream.on("error", () => outgoing.destroy());
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) upstream.destroy();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Milliseconds within [from, to] that at least one call was running. */
export function busyMs(calls: readonly EngineCall[], from: number, to: number): number {
  let busy = 0;
  let until = from;
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    const start = Math.max(call.start, until);
    const end = Math.min(call.end, to);
    if (end > start) busy += end - start;
    until = Math.max(until, Math.min(call.end, to));
  }
  return busy;
}

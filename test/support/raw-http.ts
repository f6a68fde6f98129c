import net from "node:net";

/** One HTTP/1.1 answer read off a raw socket. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A keep-alive connection driven by hand (node:net), so a test sees what a browser's connection pool
 * sees: whether the server answers, says `Connection: close`, or drops the socket between requests.
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private isClosed = false;
  private wake: (() => void) | null = null;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    socket.on("close", () => {
      this.isClosed = true;
      this.wake?.();
    });
    // A reset after the server closed is the same news as a close; the test reads it as "no answer".
    socket.on("error", () => {});
  }

  /** `localAddress`: another loopback address (127.0.0.2...) plays another client machine. */
  static async open(baseUrl: string, localAddress?: string): Promise<RawConnection> {
    const url = new URL(baseUrl);
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    return new RawConnection(socket);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Sends one request (head lines plus an optional body) and reads its answer; null when the socket closed first. */
  async exchange(head: string[], body: Buffer | string = ""): Promise<RawAnswer | null> {
    if (this.isClosed) return null;
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    const lines = [...head, `Content-Length: ${bytes.length}`];
    this.socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (bytes.length > 0) this.socket.write(bytes);
    return this.readAnswer();
  }

  close(): void {
    this.socket.destroy();
  }

  private async until(isReady: () => boolean): Promise<boolean> {
    while (!isReady()) {
      if (this.isClosed) return isReady();
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    return true;
  }

  private async readAnswer(): Promise<RawAnswer | null> {
    const headEnd = () => this.buffer.indexOf("\r\n\r\n");
    if (!(await this.until(() => headEnd() >= 0))) return null;
    const end = headEnd();
    const [statusLine = "", ...headerLines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    this.buffer = this.buffer.subarray(end + 4);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(" ")[1]);
    let body: Buffer;
    if (headers["transfer-encoding"]?.includes("chunked")) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = () => this.buffer.indexOf("\r\n");
        if (!(await this.until(() => lineEnd() >= 0))) return null;
        const size = Number.parseInt(this.buffer.subarray(0, lineEnd()).toString("latin1"), 16);
        const start = lineEnd() + 2;
        if (!(await this.until(() => this.buffer.length >= start + size + 2))) return null;
        parts.push(this.buffer.subarray(start, start + size));
        this.buffer = this.buffer.subarray(start + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers["content-length"] ?? 0);
      if (!(await this.until(() => this.buffer.length >= length))) return null;
      body = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
    }
    return { status, headers, body: body.toString("utf8") };
  }
}

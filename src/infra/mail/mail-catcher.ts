import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  id: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailCatcher {
  port: number;
  /** Newest first; `to` filters by recipient (case-insensitive). */
  list(filter?: { to?: string }): CaughtMail[];
  clear(): void;
  close(): Promise<void>;
}

/** Keeps the newest mails only: a dev mailbox, not an archive. */
const capacity = 200;

/**
 * An SMTP server on 127.0.0.1 that keeps what it receives in memory (the embedded default and the
 * tests). The 250 reply is sent only after the mail is parsed and stored, so a sender that awaits
 * its send sees the mail in the list at once.
 */
export async function startMailCatcher({ port = 0 }: { port?: number } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    // The client is always local; a reverse DNS lookup per connection only adds latency (and hangs offline).
    disableReverseLookup: true,
    // A client that keeps its connection open (a pooled transport) must not hold shutdown for the default 30 s.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            mails.unshift({
              id: String(nextId++),
              to: recipients,
              from: parsed.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: parsed.html ?? "",
              receivedAt: new Date().toISOString(),
            });
            mails.length = Math.min(mails.length, capacity);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    list: ({ to } = {}) => (to ? mails.filter((mail) => mail.to.includes(to.toLowerCase())) : [...mails]),
    clear: () => {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

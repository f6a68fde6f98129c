import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type MailCatcher, startMailCatcher } from "./mail-catcher";
import type { Mailer } from "./mailer";
import { startMail } from "./start-mail";

const from = "Parley <no-reply@parley.test>";
const mail = { to: "ana@example.com", subject: "Confirm your e-mail address", html: "<p>secret-html-body</p>", text: "secret-text-body" };

/** A pino logger whose JSON lines land in `lines`. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
function track(started: { mailer: Mailer; catcher: MailCatcher | null }) {
  cleanups.push(async () => {
    await started.mailer.close();
    await started.catcher?.close();
  });
  return started;
}

describe("startMail", () => {
  it("without an SMTP URL starts the embedded catcher and delivers to it over SMTP", async () => {
    const { logger, lines } = capturingLogger();
    const { mailer, catcher } = track(await startMail({ from, logger }));
    expect(catcher).not.toBeNull();
    await mailer.send({ ...mail, replyTo: "support@parley.test" });
    const [caught] = catcher?.list({ to: mail.to }) ?? [];
    expect(caught).toMatchObject({ to: [mail.to], from: "no-reply@parley.test", subject: mail.subject });
    expect(caught?.text.trim()).toBe(mail.text);
    expect(caught?.html).toContain("secret-html-body");
    // One log line per mail sent: who and what, never the body (it carries sign-in tokens).
    const sent = lines.filter((line) => line.msg === "mail sent");
    expect(sent).toEqual([expect.objectContaining({ to: mail.to, subject: mail.subject })]);
    expect(JSON.stringify(lines)).not.toMatch(/secret-(html|text)-body/);
  });

  it("with an SMTP URL delivers there and starts no catcher", async () => {
    const server = await startMailCatcher();
    cleanups.push(() => server.close());
    const { logger } = capturingLogger();
    const { mailer, catcher } = track(await startMail({ smtpUrl: `smtp://127.0.0.1:${server.port}`, from, logger }));
    expect(catcher).toBeNull();
    await mailer.send(mail);
    expect(server.list().map((caught) => caught.subject)).toEqual([mail.subject]);
  });

  it("fails the send when the SMTP server is away", async () => {
    const server = await startMailCatcher();
    const port = server.port;
    await server.close();
    const { logger, lines } = capturingLogger();
    const { mailer } = track(await startMail({ smtpUrl: `smtp://127.0.0.1:${port}`, from, logger }));
    await expect(mailer.send(mail)).rejects.toThrow(/ECONNREFUSED/);
    expect(lines.filter((line) => line.msg === "mail sent")).toEqual([]);
  });
});

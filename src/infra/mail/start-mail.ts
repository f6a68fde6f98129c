import type { Logger } from "../logging/logger";
import { type MailCatcher, startMailCatcher } from "./mail-catcher";
import { createSmtpMailer, type Mailer } from "./mailer";

/**
 * SMTP_URL set: mail goes there. Unset (`npm start` with no env): an embedded catcher starts and mail
 * goes to it over real SMTP, readable at /dev/mailbox, so nothing needs installing to sign up locally.
 */
export async function startMail({ smtpUrl, from, logger }: { smtpUrl?: string; from: string; logger: Logger }): Promise<{
  mailer: Mailer;
  catcher: MailCatcher | null;
}> {
  const onSent = (mail: { to: string; subject: string }) => logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
  if (smtpUrl) return { mailer: createSmtpMailer({ url: smtpUrl, from, onSent }), catcher: null };
  const catcher = await startMailCatcher();
  logger.info({ port: catcher.port }, "no SMTP_URL: mail goes to the embedded catcher (see /dev/mailbox)");
  return { mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${catcher.port}`, from, onSent }), catcher };
}

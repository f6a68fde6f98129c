import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

/** Sends mail; the product never knows whether it goes to a real server or the embedded catcher. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port, or smtps:// for TLS from the start. */
  url: string;
  /** The From header, e.g. `Parley <no-reply@parley.example>`. */
  from: string;
  /** Called after the server accepted the mail (start-mail.ts logs it). */
  onSent?: (mail: OutgoingMail) => void;
}

/**
 * Real SMTP through nodemailer (architecture: e-mail). Pooled: a fresh SMTP connection costs a
 * handshake (and TLS on real servers; smtp-server alone waits 100 ms before its greeting), a reused
 * one does not — decision 011 has the numbers.
 */
export function createSmtpMailer({ url, from, onSent }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket by default; a request that
    // sends mail (sign-up, reset) should fail in seconds instead when the SMTP server is away.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, replyTo: mail.replyTo });
      onSent?.(mail);
    },
    async close() {
      transport.close();
    },
  };
}

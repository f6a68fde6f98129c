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

/** Real SMTP through nodemailer (architecture: e-mail). `url` is smtp(s)://user:pass@host:port. */
export function createSmtpMailer({ url, from, onSent }: { url: string; from: string; onSent?: (mail: OutgoingMail) => void }): Mailer {
  const transport = nodemailer.createTransport(url);
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

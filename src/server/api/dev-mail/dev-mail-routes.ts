import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { MailCatcher } from "~/infra/mail/mail-catcher";
import type { ApiEnv } from "~/server/hono-env";

// The dev mailbox: mounted only when the embedded catcher runs (no SMTP_URL), so a deployment with real
// mail never exposes it. Tests read mails through the JSON route; its answer is named here, beside its
// only route, because the browser never reads it (no shared/ contract to keep).
const mailSchema = z.object({
  id: z.string(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  receivedAt: z.string(),
});
const devMailListSchema = z.object({ items: z.array(mailSchema) }).meta({ id: "DevMailList" });
const listRoute = createRoute({
  method: "get",
  path: "/dev/mail",
  tags: ["dev"],
  summary: "Mails caught by the embedded SMTP catcher, newest first",
  request: { query: z.object({ to: z.string().max(320).optional() }) },
  responses: {
    200: { description: "Caught mails", content: { "application/json": { schema: devMailListSchema } } },
  },
});

export function devMailRoutes(catcher: MailCatcher) {
  return new OpenAPIHono<ApiEnv>().openapi(listRoute, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ items: catcher.list({ to: c.req.valid("query").to }) }, 200);
  });
}

/** Plain server HTML (no React): each mail's text with clickable links, and its HTML in a sandboxed frame. */
export function devMailboxPage(catcher: MailCatcher) {
  return new Hono().get("/dev/mailbox", (c) => {
    const mails = catcher.list();
    c.header("Cache-Control", "no-store");
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>Dev mailbox (${mails.length})</title>
          <style>
            body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 900px; padding: 16px; }
            article { border: 1px solid #d4d4d8; border-radius: 8px; margin: 12px 0; padding: 12px; }
            pre { white-space: pre-wrap; word-break: break-word; }
            iframe { border: 1px solid #e4e4e7; height: 420px; width: 100%; }
          </style>
        </head>
        <body>
          <h1>Dev mailbox</h1>
          <p>Mail caught by the embedded SMTP server (no SMTP_URL is set). Newest first.</p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : ""}
          ${mails.map(
            (mail) => html`<article>
              <h2>${mail.subject}</h2>
              <p>To ${mail.to.join(", ")} · ${mail.receivedAt}</p>
              <pre>${raw(linkify(mail.text))}</pre>
              <details><summary>HTML</summary><iframe sandbox="" title="${mail.subject}" srcdoc="${mail.html}"></iframe></details>
            </article>`,
          )}
        </body>
      </html>`);
  });
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** Escapes the text, then turns http(s) links into anchors. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

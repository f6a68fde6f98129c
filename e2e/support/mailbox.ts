// Reading mail in browser tests: the server runs with no SMTP_URL, so every mail lands in its embedded
// catcher, which /api/dev/mail lists newest first (src/server/api/dev-mail/dev-mail-routes.ts).
import { type APIRequestContext, expect } from "@playwright/test";
import type { CaughtMail } from "../../src/infra/mail/mail-catcher";

export type { CaughtMail };

/** The newest mail to `to` (whose subject matches, when given), polled until it arrives. */
export async function waitForMail(
  request: APIRequestContext,
  { to, subject, timeout = 15_000 }: { to: string; subject?: RegExp; timeout?: number },
): Promise<CaughtMail> {
  let found: CaughtMail | null = null;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        expect(answer.ok(), `GET /api/dev/mail answered ${answer.status()}: is the server running without SMTP_URL?`).toBe(true);
        const { items } = (await answer.json()) as { items: CaughtMail[] };
        found = items.find((mail) => !subject || subject.test(mail.subject)) ?? null;
        return found !== null;
      },
      { message: `a mail to ${to}${subject ? ` with subject ${subject}` : ""}`, timeout },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable: the poll above succeeded");
  return found;
}

/** The first link in the mail's plain text whose URL contains `pathPart` (e.g. "/email-action"). */
export function linkIn(mail: Pick<CaughtMail, "subject" | "text">, pathPart: string): URL {
  const hrefs = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const href = hrefs.find((candidate) => candidate.includes(pathPart));
  if (!href) throw new Error(`no link containing ${pathPart} in the mail "${mail.subject}"; links: ${hrefs.join(", ") || "none"}`);
  return new URL(href);
}

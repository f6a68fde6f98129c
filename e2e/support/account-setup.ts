// Account set-up for the onboarding and settings journeys, through the HTTP API (the auth pages have their
// own journeys in auth-*.spec.ts). `page.request` shares the browser context's cookies, so a session made
// here is the page's session.
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label: string): TestAccount {
  return { name: "Ana Lima", email: `${label}-${randomUUID().slice(0, 8)}@example.com`, password: "Correct-horse-42" };
}

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** The newest e-mail-action link mailed to `to` with this mode, from the dev mailbox of the embedded catcher. */
export async function mailedLink(page: Page, to: string, mode: string): Promise<URL> {
  let link: URL | null = null;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        const { items } = (await answer.json()) as { items: CaughtMail[] };
        const urls = items.flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? []).map((href) => new URL(href));
        link = urls.find((url) => url.searchParams.get("mode") === mode && url.searchParams.has("oobCode")) ?? null;
        return link !== null;
      },
      { message: `a ${mode} link mailed to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!link) throw new Error("unreachable: the poll above succeeded");
  return link;
}

/** The page's own origin (better-auth checks Origin on cookie-carrying POSTs). */
function originOf(page: Page): string {
  const url = page.url();
  if (!url.startsWith("http")) throw new Error("open a page of the app first");
  return new URL(url).origin;
}

/** Signs up, verifies the address with the mailed token (which signs in) and leaves the page signed in. */
export async function signUpVerified(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/faq");
  const origin = originOf(page);
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: account, headers: { Origin: origin } });
  expect(signUp.ok(), `sign-up answered ${signUp.status()}`).toBe(true);
  await verifyMailedAddress(page, account.email);
}

/** Follows the verification link mailed to `email` (which signs the page in). */
export async function verifyMailedAddress(page: Page, email: string): Promise<void> {
  const origin = originOf(page);
  const link = await mailedLink(page, email, "verifyEmail");
  const verify = await page.request.get(`/api/auth/verify-email?token=${link.searchParams.get("oobCode")}`, {
    headers: { Origin: origin },
  });
  expect(verify.ok(), `verify-email answered ${verify.status()}`).toBe(true);
}

export async function signIn(page: Page, account: Pick<TestAccount, "email" | "password">): Promise<number> {
  const answer = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { Origin: originOf(page) },
  });
  return answer.status();
}

/** POST /api/user/set through the API, with the anti-forgery token. */
export async function setUser(page: Page, body: Record<string, unknown>): Promise<void> {
  const token = await page.request.get("/api/csrf-token");
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const answer = await page.request.post("/api/user/set", { data: body, headers: { "X-CSRF-Token": csrfToken } });
  expect(answer.ok(), `POST /api/user/set answered ${answer.status()}`).toBe(true);
}

/** Marks onboarding finished and the paywall seen, for journeys that start on the dashboard. */
export async function skipOnboarding(page: Page): Promise<void> {
  await setUser(page, {
    onboarding: {
      capture_completed: true,
      language_completed: true,
      calendar_completed: true,
      done_completed: true,
      onboarding_completed: true,
      seenPaywall: true,
    },
  });
}

/** True when the document is wider than the viewport (a phone would scroll sideways). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

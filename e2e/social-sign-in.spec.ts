// Sign-in with each provider in Chromium, through the stand-ins playwright.config.ts starts on
// E2E_PORT + 1 (127.0.0.1, another site than the app): the login page's button, the provider's
// consent page, Allow, and back signed in; a new user lands on onboarding. One Tap on /google-one-tap.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { isAt, waitForPageReady } from "./support/pages";

const providers = [
  { id: "google", label: "Continue with Google", consent: "Sign in with Google (stand-in)" },
  { id: "facebook", label: "Continue with Facebook", consent: "Sign in with Facebook (stand-in)" },
  { id: "apple", label: "Continue with Apple", consent: "Sign in with Apple (stand-in)" },
  { id: "microsoft", label: "Continue with Microsoft", consent: "Sign in with Microsoft (stand-in)" },
] as const;

function newPerson(provider: string) {
  return { name: "Rosa Parks", email: `${provider}-${randomUUID().slice(0, 8)}@example.test` };
}

/** The signed-in account, read with the page's own cookies. */
async function signedInEmail(page: Page): Promise<string | null> {
  const answer = await page.request.get("/api/user");
  if (!answer.ok()) return null;
  const body = (await answer.json()) as { payload?: { email?: string } };
  return body.payload?.email ?? null;
}

for (const provider of providers) {
  test(`${provider.label}: consent at the stand-in, then a new user is signed in and lands on onboarding`, async ({ page }) => {
    const person = newPerson(provider.id);
    await page.goto("/login");
    await waitForPageReady(page);
    await page.getByRole("button", { name: provider.label, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(provider.consent);
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
    await page.getByLabel("Name").fill(person.name);
    await page.getByLabel("E-mail").fill(person.email);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL(isAt("/onboarding/start"));
    expect(await signedInEmail(page)).toBe(person.email);
  });
}

test("Continue with Google twice: the second time the same account is signed in again, not a new one", async ({ page, browser }) => {
  const person = newPerson("google-again");
  const signIn = async (target: Page) => {
    await target.goto("/login");
    await waitForPageReady(target);
    await target.getByRole("button", { name: "Continue with Google", exact: true }).click();
    await target.getByLabel("E-mail").fill(person.email);
    await target.getByRole("button", { name: "Allow" }).click();
    await target.waitForURL((url) => url.hostname === "localhost" && !url.pathname.endsWith("/login"));
  };
  await signIn(page);
  const first = await (await page.request.get("/api/user")).json();
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second);
  const again = await (await second.request.get("/api/user")).json();
  expect(again.payload.userId).toBe(first.payload.userId);
  await other.close();
});

test("Google One Tap on /google-one-tap signs a new user in", async ({ page }) => {
  const person = newPerson("one-tap");
  // The stand-in GSI script signs its credential for whoever the page names here.
  await page.addInitScript((user) => {
    Object.assign(window, { __oauthStandInUser: user });
  }, person);
  await page.goto("/google-one-tap");
  await page.waitForURL(isAt("/onboarding/start"));
  expect(await signedInEmail(page)).toBe(person.email);
});

test("Deny at the provider brings the visitor back to the login page with a translated alert", async ({ page }) => {
  await page.goto("/es/login");
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Continuar con Google", exact: true }).click();
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((url) => url.pathname === "/es/login" && url.searchParams.get("error") === "access_denied");
  await expect(page.getByRole("alert").filter({ hasText: "Se denegó el acceso." })).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
});

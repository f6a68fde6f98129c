import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { baseChromiumArgs } from "~/shared/chromium-args";
import { chromiumPath } from "../../../../e2e/support/chromium";
import { type PaddleStandIn, startPaddleStandIn } from "../../../../test/stand-ins/paddle/server";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";
import { createUpload } from "../../../../test/support/tus";

// Decision 022 in Chromium, on web roles of their own (the Playwright suite's server has payments on):
// without Paddle (the embedded default) a new user meets no paywall, no upgrade offer, and a billing page
// that says payments are off; an operator's explicit limit still answers 402, and the way on is to ask
// the operator. With payments on but prices failing, the paywall names the failure and tries again.
// Needs `npm run build` (the web roles serve build/).

const documents = path.resolve("test", "fixtures", "documents");
const dataDir = () => mkdtempSync(path.join(tmpdir(), "parley-payments-browser-"));
const baseEnv = () => ({
  AUTH_RATE_LIMIT_SCALE: "100",
  DATA_DIR: dataDir(),
  SPEECH_ENGINE: "pocketsphinx",
  LLM_ENGINE: "none",
  BOT_CAPACITY: "0",
});

let browser: Browser;
let counter = 0;
const pages: Page[] = [];
/** Uncaught errors of the pages a test opened: each test ends with none. */
const pageErrors: string[] = [];

/** A verified user who finished onboarding but never saw a paywall, signed in in a new browser page. */
async function onboardedPage(web: RunningWeb, { language = "en", phone = false } = {}): Promise<{ page: Page; client: TestClient }> {
  const client = await verifiedClient(web, `payments${++counter}@example.com`, language);
  const saved = await client.api("POST", "/user/set", { onboarding: { onboarding_completed: true } });
  expect(saved.status).toBe(200);
  const context = await browser.newContext({
    baseURL: web.url,
    locale: language,
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const cookies = client
    .cookieHeader()
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: web.url };
    });
  await context.addCookies(cookies);
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  pages.push(page);
  return { page, client };
}

/** React has taken over the page (every hydrated element carries a __reactFiber$ key). */
async function whenReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.readyState === "complete" && Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")),
  );
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const hasHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...baseChromiumArgs] });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
  expect(pageErrors.splice(0)).toEqual([]);
});

describe("payments off, nothing configured (the embedded default)", () => {
  let web: RunningWeb;
  beforeAll(async () => {
    web = await startTestWeb("pglite", baseEnv());
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("goes from onboarding to Home with no paywall; /paywall goes Home and says why; no upgrade offer anywhere", async () => {
    const { page } = await onboardedPage(web);
    await page.goto("/home");
    await whenReady(page);
    expect(pathOf(page)).toBe("/home");
    await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();

    await page.goto("/paywall");
    await page.waitForURL((url) => url.pathname === "/home");
    await page.getByRole("status").filter({ hasText: "Payments are off on this server, so there is no plan to buy." }).waitFor();
    await page.goto("/checkout/1year");
    await page.waitForURL((url) => url.pathname === "/home");

    await whenReady(page);
    await page.getByRole("button", { name: "Open the account menu" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await page.getByRole("button", { name: "Upgrade to Pro" }).count()).toBe(0);

    await page.goto("/settings/profile/billing");
    await whenReady(page);
    await page.getByTestId("billing-plan-name").filter({ hasText: "Self-hosted" }).waitFor();
    expect(await page.getByTestId("billing-payments-off").textContent()).toBe(
      "Payments are off on this server, so there is nothing to buy. Any limits below were set by its administrator.",
    );
    expect(await page.getByTestId("usage-uploads").textContent()).toContain("0 used · Unlimited");
    expect(await page.getByTestId("usage-transcription-minutes").textContent()).toContain("Unlimited");
    expect(await page.getByRole("button", { name: "Upgrade to Pro" }).count()).toBe(0);
  });

  it("in Spanish at phone width the billing page says payments are off, in Spanish, and fits", async () => {
    const { page } = await onboardedPage(web, { language: "es", phone: true });
    await page.goto("/es/paywall");
    await page.waitForURL((url) => url.pathname === "/es/home");
    await page
      .getByRole("status")
      .filter({ hasText: "Los pagos están desactivados en este servidor, así que no hay ningún plan que comprar." })
      .waitFor();
    await page.goto("/es/settings/profile/billing");
    await whenReady(page);
    await page.getByTestId("billing-plan-name").filter({ hasText: "Autoalojado" }).waitFor();
    expect(await page.getByTestId("billing-payments-off").textContent()).toBe(
      "Los pagos están desactivados en este servidor, así que no hay nada que comprar. Los límites de abajo, si los hay, los fijó su administrador.",
    );
    expect(await page.getByRole("button", { name: "Pásate a Pro" }).count()).toBe(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

describe("payments off with the operator's own limit (BILLING_FREE_LIMITS)", () => {
  let web: RunningWeb;
  beforeAll(async () => {
    web = await startTestWeb("pglite", {
      ...baseEnv(),
      BILLING_FREE_LIMITS: JSON.stringify({
        transcriptionMinutesPerMonth: null,
        uploadsPerMonth: 1,
        concurrentMeetings: null,
        recordingMinutes: null,
      }),
      SUPPORT_EMAIL: "operator@parley.test",
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("a user over the limit is offered to ask the server's administrator, who gets the request by e-mail", async () => {
    const { page, client } = await onboardedPage(web);
    const metadata = { kind: "document", filename: "first.txt", filetype: "text/plain" };
    expect((await createUpload(client, { size: 0, metadata })).status).toBe(201);

    await page.goto("/home");
    await whenReady(page);
    await page
      .getByRole("region", { name: "Add a document" })
      .getByLabel("Choose a document")
      .setInputFiles(path.join(documents, "notes.md"));
    const dialog = page.getByRole("dialog", { name: "You have reached a limit of your plan" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("You have reached your plan's uploads for this month.");
    expect(await dialog.textContent()).toContain("This server's administrator set this limit. Ask them to raise it for your account.");
    expect(await page.getByRole("dialog", { name: "Upgrade to Parley Pro" }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Ask the administrator" }).click();
    await dialog
      .getByRole("status")
      .filter({ hasText: "We asked this server's administrator to raise your limit; they will reply by e-mail." })
      .waitFor();
    const mails = web.mailCatcher?.list({ to: "operator@parley.test" }) ?? [];
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Limit upgrade request from payments\d+@example\.com$/)]);
    expect(pathOf(page)).toBe("/home");
  });
});

describe("payments on, prices failing", () => {
  let standIn: PaddleStandIn;
  let web: RunningWeb;
  beforeAll(async () => {
    standIn = await startPaddleStandIn();
    web = await startTestWeb("pglite", {
      ...baseEnv(),
      PADDLE_API_KEY: standIn.apiKey,
      PADDLE_API_BASE_URL: standIn.url,
      PADDLE_WEBHOOK_SECRET: standIn.webhookSecret,
      PADDLE_CLIENT_TOKEN: "test_standin",
      PADDLE_JS_URL: `${standIn.url}/paddle/v2/paddle.js`,
    });
  });
  afterAll(async () => {
    await web?.stop();
    await standIn?.close();
  });

  it("the paywall says the prices did not load and offers Try again, which shows the plans; it still closes", async () => {
    const { page } = await onboardedPage(web);
    standIn.setScenario({ pricingPreview: "error" });
    // Payments on: the paywall step after onboarding, as the spec has it.
    await page.goto("/home");
    await page.waitForURL((url) => url.pathname === "/paywall");
    await whenReady(page);
    const failure = page.getByTestId("paywall-error");
    await failure.waitFor();
    const said = await failure.getByRole("alert").textContent();
    expect(said).toContain("Something went wrong. Please try again.");
    expect(said).toContain("The plans and prices could not be loaded from the payment service.");
    standIn.setScenario({ pricingPreview: "ok" });
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("radio", { name: "12 months" }).waitFor();
    expect(await page.getByRole("radio").count()).toBe(3);
    expect(await page.getByTestId("paywall-error").count()).toBe(0);
    await page.getByRole("button", { name: "Continue with the free plan" }).click();
    await page.waitForURL((url) => url.pathname === "/home");
  });
});

import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { signUpVerified, skipOnboarding } from "./support/account-setup";
import { signInAsAdmin } from "./support/admin";

// Issue 20: page views reach the analytics gateway (mounted at /analytics in the web process, signed with
// the embedded derived key): from a static marketing page (no React, the enhancer's sender, an anonymous
// visitor) and from a signed-in dashboard page (the app's client, with config_result 1 from GET /web).
// An admin reads them back through GET /api/admin/analytics/events; nobody else can.

const anonymousIdKey = "parley.analytics.anonymousId";

interface StoredEvent {
  eventName: string;
  page: string;
  result: number;
  properties: Record<string, string>;
}

async function adminRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  return context.request;
}

async function storedEvents(request: APIRequestContext, userId: string): Promise<StoredEvent[]> {
  const answer = await request.get(`/api/admin/analytics/events?${new URLSearchParams({ userId })}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: StoredEvent[] }).items;
}

/** 'web_' + base64url of the user id (spec section 3). */
const analyticsUserId = (userId: string) => `web_${Buffer.from(userId).toString("base64url")}`;

test("page views of a static marketing page and of a signed-in dashboard page land in the gateway's store", async ({ browser, page }) => {
  const adminApi = await adminRequest(browser);

  // An anonymous visitor on a static page: no React, the enhancer sends the page view.
  await page.goto("/faq");
  await expect(page.locator("script[data-analytics]")).toHaveCount(1);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), anonymousIdKey)).toMatch(/^web_[0-9a-f]{32}$/);
  const anonymousId = (await page.evaluate((key) => localStorage.getItem(key), anonymousIdKey)) ?? "";
  await expect
    .poll(async () => (await storedEvents(adminApi, anonymousId)).map((event) => [event.eventName, event.page]))
    .toContainEqual(["page_view", "/faq"]);

  // The same browser signs up and opens Home: the app's client sends the page view under the user's id.
  const account = { name: "Gateway Visitor", email: `gateway-${Date.now()}@example.com`, password: "gateway password 1" };
  await signUpVerified(page, account);
  await skipOnboarding(page);
  const { payload } = (await (await page.request.get("/api/user")).json()) as { payload: { userId: string } };
  await page.goto("/home");
  await expect(page.locator("script[data-analytics]")).toHaveCount(0);
  const userId = analyticsUserId(payload.userId);
  await expect
    .poll(async () => (await storedEvents(adminApi, userId)).map((event) => [event.eventName, event.page, event.result]), {
      timeout: 15_000,
    })
    .toEqual(
      expect.arrayContaining([
        ["page_view", "/home", 1],
        ["config_result", "/home", 1],
      ]),
    );

  // A static page seen signed in counts under the user's id too (the server hands the sender that id).
  await page.goto("/faq");
  await expect(page.locator("script[data-analytics]")).toHaveCount(1);
  await expect
    .poll(async () => (await storedEvents(adminApi, userId)).map((event) => [event.eventName, event.page]))
    .toContainEqual(["page_view", "/faq"]);

  // The signed-in user is no admin: the read is refused.
  const refused = await page.request.get(`/api/admin/analytics/events?${new URLSearchParams({ userId })}`);
  expect(refused.status()).toBe(403);
});

test("a policy link clicked on a static onboarding page lands in the gateway's store with its source", async ({ browser, page }) => {
  const adminApi = await adminRequest(browser);
  await page.goto("/onboarding-speech-to-text/");
  await expect(page.locator("script[data-analytics]")).toHaveCount(1);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), anonymousIdKey)).toMatch(/^web_[0-9a-f]{32}$/);
  const anonymousId = (await page.evaluate((key) => localStorage.getItem(key), anonymousIdKey)) ?? "";
  // The link opens the policy in a new tab; the click is sent from the onboarding page, which stays.
  const opened = page.context().waitForEvent("page");
  await page.getByRole("link", { name: "Privacy policy" }).click();
  await (await opened).close();
  await expect
    .poll(async () =>
      (await storedEvents(adminApi, anonymousId))
        .filter((event) => event.eventName === "policy_link_clicked")
        .map((event) => [event.page, event.properties.source]),
    )
    .toEqual([["/onboarding-speech-to-text/", "onboarding_speech_to_text"]]);
});

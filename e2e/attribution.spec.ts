import { expect, type Page } from "@playwright/test";
import { freePort } from "../test/support/spawn-role";
import { test } from "./fixtures/test";
import { mailedLink, newAccount } from "./support/account-setup";
import { waitForPageReady } from "./support/pages";
import { type SecondServer, startSecondServer } from "./support/second-server";

// Issue 20 in Chromium: a visit to a static landing page with utm_ parameters and a gclid, kept through
// sign-up (first touch: a later campaign visit does not replace it), ends with those stored on the user,
// sent by the browser once the user data loads. This server has no SMARTLOOK_KEY: session recording stays
// off, and nothing of it loads (interpretations 10 and 27); a second server with a key starts it.

test("a visit with utm parameters and gclid that signs up ends with those stored on the user", async ({ page }) => {
  const recorderRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.hostname !== "localhost" && /smartlook/i.test(url.hostname)) recorderRequests.push(request.url());
  });
  const clickIdCalls: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/user/set-click-ids")
      clickIdCalls.push(request.postDataJSON());
  });

  await page.goto("/?utm_source=news&utm_medium=email&utm_campaign=launch&gclid=abc");
  await waitForPageReady(page);
  // The landing page ships no React: the static-page enhancer kept the visit.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("parley.attribution"))).toContain('"utm_campaign":"launch"');
  expect((await page.context().cookies()).find((cookie) => cookie.name === "parley_attribution")?.value).toContain("launch");

  // A second campaign visit before signing up: the first touch stays.
  await page.goto("/faq?utm_source=ads&utm_medium=cpc&gclid=later");
  await waitForPageReady(page);

  const account = newAccount("attribution");
  await page.goto("/signup");
  await waitForPageReady(page);
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const link = await mailedLink(page, account.email, "verifyEmail");
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/onboarding\/start$/);
  await waitForPageReady(page);

  // Read back as that user: what the browser sent after the user data loaded.
  await expect
    .poll(async () => (await page.request.get("/api/user/click-ids")).json())
    .toEqual({
      success: true,
      clickIds: { gclid: "abc", ua: await page.evaluate(() => navigator.userAgent) },
      utm: { utm_source: "news", utm_medium: "email", utm_campaign: "launch" },
    });

  // Once per user: another page of the app does not send again.
  await page.goto("/home");
  await waitForPageReady(page);
  expect(clickIdCalls).toHaveLength(1);

  // Session recording is off without a key: the status says so and nothing of it loaded.
  expect(await (await page.request.get("/api/user/smartlook-status")).json()).toMatchObject({ enabled: false, scriptUrl: null });
  expect(await page.locator('script[src*="smartlook"]').count()).toBe(0);
  expect(await page.evaluate(() => "smartlook" in window)).toBe(false);
  expect(recorderRequests).toEqual([]);
});

test.describe("an install with session recording configured", () => {
  let server: SecondServer | null = null;
  let base = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startSecondServer({
      port,
      origin: base,
      label: "smartlook",
      env: { HOST: "127.0.0.1", SMARTLOOK_KEY: "e2e-project-key" },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  // Stands in for Smartlook's recorder (no internet here): it takes over the queue the page made, records
  // the init call, hands out a session and runs the queued getData callback, as the real one does.
  const recorderStandIn = `(() => {
    const smartlook = window.smartlook;
    const handle = (args) => {
      if (typeof args[0] === "function") args[0]();
      else if (args[0] === "init") window.__smartlookInit = Array.from(args);
    };
    smartlook.sessionId = "e2e-session-1";
    const queued = smartlook.api;
    smartlook.api = { push: handle };
    queued.forEach(handle);
  })();`;

  async function signUpOn(page: Page): Promise<void> {
    const account = newAccount("smartlook");
    const answer = await page.request.post(`${base}/api/auth/sign-up/email`, {
      headers: { Origin: base },
      data: { email: account.email, password: account.password, name: account.name },
    });
    expect(answer.status()).toBe(200);
    const verifyLink = async () => {
      const mailbox = await page.request.get(`${base}/api/dev/mail?to=${encodeURIComponent(account.email)}`);
      const { items } = (await mailbox.json()) as { items: { text: string }[] };
      return items.flatMap((item) => item.text.match(/https?:\/\/\S+/g) ?? []).find((href) => href.includes("mode=verifyEmail")) ?? "";
    };
    await expect.poll(verifyLink, { message: "the verification mail" }).toContain("oobCode");
    const link = new URL(await verifyLink());
    const added = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/user/add-smartlook-session");
    await page.goto(`${base}${link.pathname}${link.search}`);
    const response = await added;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ sessionId: "e2e-session-1" });
  }

  test("after the user data loads the recorder starts in region eu and its session is stored", async ({ page }) => {
    const scripts: string[] = [];
    await page.route("https://web-sdk.smartlook.com/recorder.js", async (route) => {
      scripts.push(route.request().url());
      await route.fulfill({ contentType: "text/javascript", headers: { "Access-Control-Allow-Origin": "*" }, body: recorderStandIn });
    });
    await signUpOn(page);
    await waitForPageReady(page);
    // Each page load with user data starts it (the sign-in page the verification passes through may too,
    // when it loads the user before moving on); the page the user ends on has it exactly once.
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(scripts)).toEqual(new Set(["https://web-sdk.smartlook.com/recorder.js"]));
    await expect(page.locator('script[src="https://web-sdk.smartlook.com/recorder.js"]')).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __smartlookInit?: unknown }).__smartlookInit)).toEqual([
      "init",
      "e2e-project-key",
      { region: "eu" },
    ]);
  });
});

// Issue 17: the onboarding's promise ("A few quick steps…") stays on the onboarding and is not shown beside
// the paywall; the signed-in menu has "Help and support" (the FAQ and an e-mail to SUPPORT_EMAIL), as the
// FAQ tells users; and a demo note's hand-written AI notes are labelled as an example.
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, setUser, signUpVerified, skipOnboarding } from "./support/account-setup";
import { text } from "./support/catalog";
import { isAt, waitForPageReady } from "./support/pages";

// The e2e server leaves SUPPORT_EMAIL at its default.
const supportEmail = "support@parley.local";

test("the onboarding's left panel speaks of the onboarding steps; the paywall's does not", async ({ page }) => {
  await signUpVerified(page, newAccount("aside"));
  await page.goto("/onboarding/start");
  await waitForPageReady(page);
  const aside = page.getByRole("complementary");
  await expect(aside).toContainText(text("en", "common", "shell.onboardingAside"));

  // Onboarding done, paywall not seen yet: the routing rules send this free user to the paywall.
  await setUser(page, {
    onboarding: {
      capture_completed: true,
      language_completed: true,
      calendar_completed: true,
      done_completed: true,
      onboarding_completed: true,
    },
  });
  await page.goto("/home");
  await page.waitForURL(isAt("/paywall"));
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { name: text("en", "account", "paywall.title") })).toBeVisible();
  await expect(aside).toContainText("Your notes, transcripts and folders stay yours on every plan.");
  await expect(aside).not.toContainText("A few quick steps");
});

test("the account menu offers help: the FAQ in a new tab and an e-mail to support", async ({ page }) => {
  await signUpVerified(page, newAccount("help"));
  await skipOnboarding(page);
  await page.goto("/home");
  await waitForPageReady(page);
  await page.getByRole("button", { name: text("en", "common", "userMenu.open") }).click();
  await expect(page.getByText("Help and support", { exact: true })).toBeVisible();
  const faq = page.getByRole("link", { name: /^Frequently asked questions/ });
  await expect(faq).toHaveAttribute("href", "/faq");
  await expect(faq).toHaveAttribute("target", "_blank");
  const mail = page.getByRole("link", { name: /^E-mail support/ });
  await expect(mail).toHaveAttribute("href", `mailto:${supportEmail}`);
  await expect(mail).toContainText(supportEmail);

  const [faqTab] = await Promise.all([page.context().waitForEvent("page"), faq.click()]);
  await faqTab.waitForLoadState();
  await expect(faqTab.getByRole("heading", { level: 1 })).toHaveText(text("en", "marketing", "faqPage.title"));
  // The FAQ's own pointer now leads somewhere real.
  await expect(faqTab.getByText(/choose Help and support/)).toBeVisible();
  await faqTab.close();
  expect(new URL(page.url()).pathname).toBe("/home");
});

test("a demo note labels its AI notes as an example and says what this install's notes depend on", async ({ page }) => {
  await page.goto("/demo-note/product-stand-up");
  await waitForPageReady(page);
  await expect(page.getByRole("note")).toContainText("This is an example note");
  await expect(page.getByRole("note")).toContainText("without a language model");
  await expect(page.getByRole("heading", { name: "AI notes Example" })).toBeVisible();
});

test.describe("at phone width in Spanish", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("help and support and the example label read in Spanish and fit the screen", async ({ page }) => {
    await signUpVerified(page, newAccount("help-es"));
    await skipOnboarding(page);
    await page.goto("/es/home");
    await waitForPageReady(page);
    await page.getByRole("button", { name: text("es", "common", "userMenu.open") }).click();
    await expect(page.getByText("Ayuda y soporte", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Preguntas frecuentes/ })).toHaveAttribute("href", "/es/faq");
    await expect(page.getByRole("link", { name: /^Escribir a soporte/ })).toHaveAttribute("href", `mailto:${supportEmail}`);
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await page.goto("/es/demo-note/sales-discovery-call");
    await waitForPageReady(page);
    await expect(page.getByRole("note")).toContainText("Esta es una nota de ejemplo");
    await expect(page.getByRole("heading", { name: "Notas de IA Ejemplo" })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

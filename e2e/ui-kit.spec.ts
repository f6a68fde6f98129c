// The staging-only UI kit page: alerts, the confirm dialog, spinners and the theme toggle.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { type Locale, text } from "./support/catalog";
import { localizePath, waitForPageReady } from "./support/pages";

async function openUiKit(page: Page, locale: Locale): Promise<void> {
  await page.goto(localizePath("/ui-kit", locale));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "common", "uiKit.title"));
  await waitForPageReady(page);
}

test.describe("alerts", () => {
  test("show newest first and vanish by themselves", async ({ page }) => {
    await openUiKit(page, "en");
    const info = text("en", "common", "uiKit.sampleInfo");
    const error = text("en", "common", "uiKit.sampleError");
    // Alerts are status (info) or alert (error) regions with text; the spinners are status regions without text.
    const alerts = page.getByRole("alert").or(page.getByRole("status").filter({ hasText: /\S/ }));

    await page.getByRole("button", { name: text("en", "common", "uiKit.showInfo") }).click();
    await expect(alerts).toHaveCount(1);
    await page.getByRole("button", { name: text("en", "common", "uiKit.showError") }).click();
    await expect(alerts).toHaveCount(2);
    await expect(alerts.first()).toContainText(error);
    await expect(alerts.nth(1)).toContainText(info);
    await expect(page.getByRole("alert")).toContainText(error);

    // spec: alerts vanish after 5000 ms; the timeout polls for that, it does not wait a fixed time.
    await expect(page.getByRole("status").filter({ hasText: info })).toBeHidden({ timeout: 8000 });
    await expect(page.getByRole("alert")).toBeHidden({ timeout: 8000 });
  });

  test("can be closed by hand", async ({ page }) => {
    await openUiKit(page, "en");
    await page.getByRole("button", { name: text("en", "common", "uiKit.showError") }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(text("en", "common", "uiKit.sampleError"));
    await alert.getByRole("button", { name: text("en", "common", "ui.close") }).click();
    await expect(alert).toBeHidden();
  });
});

for (const locale of ["en", "es"] as const) {
  test.describe(`confirm dialog (${locale})`, () => {
    const outcomes = [
      { how: "Cancel", answer: "uiKit.cancelled" },
      { how: "Escape", answer: "uiKit.cancelled" },
      { how: "Confirm", answer: "uiKit.confirmed" },
    ] as const;
    for (const { how, answer } of outcomes) {
      test(`${how} resolves '${text(locale, "common", answer)}'`, async ({ page }) => {
        await openUiKit(page, locale);
        await page.getByRole("button", { name: text(locale, "common", "uiKit.openConfirm") }).click();
        const dialog = page.getByRole("dialog", { name: text(locale, "common", "confirm.title") });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(text(locale, "common", "uiKit.confirmMessage"));
        const cancel = dialog.getByRole("button", { name: text(locale, "common", "confirm.cancel"), exact: true });
        const confirm = dialog.getByRole("button", { name: text(locale, "common", "confirm.confirm"), exact: true });
        await expect(cancel).toBeVisible();
        await expect(confirm).toBeVisible();

        if (how === "Cancel") await cancel.click();
        if (how === "Confirm") await confirm.click();
        if (how === "Escape") await page.keyboard.press("Escape");

        await expect(dialog).toBeHidden();
        await expect(page.getByText(text(locale, "common", answer), { exact: true })).toBeVisible();
      });
    }
  });
}

test("shows three spinners, sm, md and lg", async ({ page }) => {
  await openUiKit(page, "en");
  const spinners = page.getByRole("status", { name: text("en", "common", "ui.loading") });
  await expect(spinners).toHaveCount(3);
  const sizes = await spinners.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-size")));
  expect(sizes).toEqual(["sm", "md", "lg"]);
});

test("the theme toggle switches to dark and the choice survives a reload", async ({ page, context }) => {
  await openUiKit(page, "en");
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: text("en", "common", "ui.toggleTheme") });
  await expect(html).not.toHaveClass(/\bdark\b/);

  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect((await context.cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);

  await waitForPageReady(page);
  await toggle.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

// Settings journeys of a signed-in user past onboarding: profile (name, photo, language), e-mail change
// through the mailed link, account deletion; and the settings pages at phone width.
import { deflateSync } from "node:zlib";
import { expect, test } from "./fixtures/test";
import {
  hasHorizontalOverflow,
  mailedLink,
  newAccount,
  signIn,
  signUpVerified,
  skipOnboarding,
  type TestAccount,
} from "./support/account-setup";
import { text } from "./support/catalog";
import { isAt, waitForPageReady } from "./support/pages";

const en = (key: string) => text("en", "account", key);

/** A width x height PNG of one colour, made here so the test needs no binary fixture. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let account: TestAccount;

test.beforeEach(async ({ page }) => {
  account = newAccount("settings");
  await signUpVerified(page, account);
  await skipOnboarding(page);
});

test("profile: change the name, upload a photo, then switch the interface language", async ({ page }) => {
  await page.goto("/settings");
  await page.waitForURL(isAt("/settings/profile"));
  await waitForPageReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("settings.title"));
  await expect(page.getByRole("link", { name: en("settings.tabs.profile") })).toHaveAttribute("aria-current", "page");

  // Name: validation first, then a saved change that the header menu shows at once and a reload keeps.
  const name = page.getByLabel(en("settings.name.label"));
  await name.fill("   ");
  await page.getByRole("button", { name: en("settings.name.save") }).click();
  await expect(page.getByText(en("settings.errors.nameRequired"))).toBeVisible();
  await name.fill("Ana Souza");
  await page.getByRole("button", { name: en("settings.name.save") }).click();
  await expect(page.getByText(en("settings.name.saved"))).toBeVisible();
  await page.getByRole("button", { name: text("en", "common", "userMenu.open") }).click();
  await expect(page.getByTestId("user-menu-name")).toHaveText("Ana Souza");
  await page.keyboard.press("Escape");

  // Photo: a 600 x 400 PNG goes up as a 256 px square data URL.
  await page
    .getByLabel(en("settings.photo.choose"))
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(600, 400, [200, 40, 90]) });
  await expect(page.getByText(en("settings.photo.saved"))).toBeVisible();
  const photo = page.getByTestId("profile-photo").locator("img");
  await expect(photo).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
  expect(await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([256, 256]);

  await page.reload();
  await waitForPageReady(page);
  await expect(page.getByLabel(en("settings.name.label"))).toHaveValue("Ana Souza");
  await expect(page.getByTestId("profile-photo").locator("img")).toHaveAttribute("src", /^data:image\/jpeg;base64,/);

  // Language: saved on the account, and the page switches to /es.
  await page.getByLabel(en("settings.language.label")).selectOption("es");
  await page.getByRole("button", { name: en("settings.language.save") }).click();
  await page.waitForURL(isAt("/es/settings/profile"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("es", "account", "settings.title"));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const user = (await (await page.request.get("/api/user")).json()) as { payload: { name: string; settings: { language: string } } };
  expect(user.payload.settings.language).toBe("es");
});

test("e-mail: a change is confirmed through the link mailed to the new address", async ({ page }) => {
  await page.goto("/settings/email");
  await waitForPageReady(page);
  const current = await page.getByTestId("current-email").textContent();
  await expect(page.getByTestId("email-verified-state")).toHaveText(en("settings.email.verified"));

  const field = page.getByLabel(en("settings.email.newLabel"));
  const send = page.getByRole("button", { name: en("settings.email.send") });
  await field.fill("not-an-address");
  await send.click();
  await expect(page.getByText(en("settings.errors.emailInvalid"))).toBeVisible();
  await field.fill(current?.toUpperCase() ?? "");
  await send.click();
  await expect(page.getByText(en("settings.errors.emailSame"))).toBeVisible();

  const newEmail = newAccount("settings-new").email;
  await field.fill(newEmail);
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: newEmail })).toBeVisible();

  const link = await mailedLink(page, newEmail, "verifyAndChangeEmail");
  await page.goto(`${link.pathname}${link.search}`);
  await page.waitForURL((url) => !url.pathname.startsWith("/email-action") && !url.pathname.startsWith("/signin"));
  await page.goto("/settings/email");
  await waitForPageReady(page);
  await expect(page.getByTestId("current-email")).toHaveText(newEmail);
});

test("delete account: confirm, signed out, and the old password no longer works", async ({ page }) => {
  await page.goto("/settings/profile");
  await waitForPageReady(page);

  // Cancel keeps the account.
  await page.getByRole("button", { name: en("settings.delete.button") }).click();
  const dialog = page.getByRole("dialog", { name: en("settings.delete.confirmTitle") });
  await dialog.getByRole("button", { name: en("settings.delete.cancel") }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get("/api/user")).status()).toBe(200);

  await page.getByRole("button", { name: en("settings.delete.button") }).click();
  await dialog.getByRole("button", { name: en("settings.delete.confirm") }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/settings"));
  await waitForPageReady(page);
  expect((await page.request.get("/api/user")).status()).toBe(401);
  expect(await signIn(page, account)).toBeGreaterThanOrEqual(400);
  await page.goto("/home");
  await page.waitForURL((url) => url.pathname === "/login");
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("settings pages and the account menu fit a 390 px screen", async ({ page }) => {
    for (const path of ["/settings/profile", "/settings/email", "/settings/calendar", "/settings/profile/billing"]) {
      await page.goto(path);
      await waitForPageReady(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("settings.title"));
      expect(await hasHorizontalOverflow(page), `overflow on ${path}`).toBe(false);
    }
    await page.getByRole("button", { name: text("en", "common", "userMenu.open") }).click();
    await expect(page.getByRole("button", { name: text("en", "common", "userMenu.signOut") })).toBeVisible();
    expect(await hasHorizontalOverflow(page), "overflow with the account menu open").toBe(false);
  });
});

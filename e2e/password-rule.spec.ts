// Issue 17: `password` was accepted as a password. A new password must be 8-128 characters and not one
// of the common passwords breaches show (shared/accounts/password-rules.ts), in the form and on the server,
// on sign-up and on reset; sign-up shows that creating an account accepts the terms and the privacy policy.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount } from "./support/account-setup";
import { text } from "./support/catalog";
import { waitForPageReady } from "./support/pages";

/** Counts the sign-up calls the page makes, to show the form refused before asking the server. */
function countSignUpCalls(page: Page): () => number {
  let calls = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/auth/sign-up/email")) calls += 1;
  });
  return () => calls;
}

test("sign-up refuses a common password with a reason, shows the terms, then accepts a strong one", async ({ page }) => {
  const account = newAccount("password-rule");
  const signUpCalls = countSignUpCalls(page);
  await page.goto("/signup");
  await waitForPageReady(page);

  // Creating an account accepts the terms and the privacy policy, each a link that opens in a new tab.
  const agreement = page.getByTestId("signup-agreement");
  await expect(agreement).toHaveText("By creating an account, you agree to the Terms of service and the Privacy policy.");
  for (const [name, href] of [
    ["Terms of service", "/terms.html"],
    ["Privacy policy", "/policy.html"],
  ] as const) {
    const link = agreement.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
  }

  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  const password = page.getByLabel("Password");
  await expect(password).toHaveAccessibleDescription("8 to 128 characters, and not a common password.");
  for (const common of ["password", "Password1", "qwertyuiop"]) {
    await password.fill(common);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/This password is too common and easy to guess\. Choose another one/);
  }
  expect(signUpCalls(), "the form refused before calling the server").toBe(0);

  // The server applies the same rule to a client that skips the form, and says why in the caller's language.
  const origin = new URL(page.url()).origin;
  const direct = await page.request.post("/api/auth/sign-up/email", {
    data: { name: account.name, email: account.email, password: "password" },
    headers: { Origin: origin, "Accept-Language": "es" },
  });
  expect(direct.status()).toBe(400);
  expect(await direct.json()).toMatchObject({
    errorCode: "PASSWORD_TOO_COMMON",
    message: text("es", "common", "authErrors.PASSWORD_TOO_COMMON"),
  });

  await password.fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify$/);
});

test.describe("at phone width in Spanish", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("sign-up and reset say why a common password is refused, in Spanish", async ({ page }) => {
    const signUpCalls = countSignUpCalls(page);
    await page.goto("/es/signup");
    await waitForPageReady(page);
    const agreement = page.getByTestId("signup-agreement");
    await expect(agreement).toHaveText("Al crear una cuenta, aceptas los Términos del servicio y la Política de privacidad.");
    await expect(agreement.getByRole("link", { name: "Términos del servicio" })).toHaveAttribute("href", "/es/terms.html");
    await expect(agreement.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/es/policy.html");
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await page.getByLabel("Nombre").fill("Ana Lima");
    await page.getByLabel("Correo electrónico").fill(newAccount("password-es").email);
    const password = page.getByLabel("Contraseña");
    await password.fill("Password");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(password).toHaveAccessibleDescription(/Esta contraseña es demasiado común y fácil de adivinar/);
    expect(signUpCalls()).toBe(0);

    // The reset form checks the new password before sending it (the link's code is never used up on it).
    const resetCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/reset-password")) resetCalls.push(request.url());
    });
    await page.goto("/es/reset-password?oobCode=any-code");
    await waitForPageReady(page);
    const newPassword = page.getByLabel("Contraseña nueva", { exact: true });
    await newPassword.fill("password123");
    await page.getByLabel("Repite la contraseña nueva").fill("password123");
    await page.getByRole("button", { name: text("es", "auth", "reset.submit") }).click();
    await expect(newPassword).toHaveAccessibleDescription(/Esta contraseña es demasiado común/);
    expect(resetCalls).toEqual([]);
  });
});

import { expect } from "@playwright/test";
import { test } from "./fixtures/test";
import { hasHorizontalOverflow } from "./support/account-setup";
import { waitForPageReady } from "./support/pages";

// Every sign-in page works at phone width (390 px) in each language: nothing scrolls sideways and the
// main action stays on screen.
test.use({ viewport: { width: 390, height: 844 } });

const pages = [
  { path: "/login", action: /continue with e-mail|continuar con correo|continuar com e-mail/i, role: "link" },
  { path: "/email-login", action: /^(sign in|iniciar sesión|entrar)$/i, role: "button" },
  { path: "/signup", action: /create account|crear cuenta|criar conta/i, role: "button" },
  { path: "/forgot-password", action: /send the link|enviar el enlace|enviar o link/i, role: "button" },
  { path: "/reset-password?oobCode=abc", action: /save the new password|guardar la contraseña|salvar a nova senha/i, role: "button" },
] as const;

for (const locale of ["", "/es", "/pt"]) {
  for (const { path, action, role } of pages) {
    test(`${locale}${path} fits a phone`, async ({ page }) => {
      await page.goto(`${locale}${path}`);
      await waitForPageReady(page);
      await expect(page.getByRole(role, { name: action })).toBeInViewport();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  }
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { locales } from "~/shared/i18n/locales";
import type { MailData, MailKind } from "./mail-data";
import { renderMail } from "./render-mail";

const url = "https://parley.test/es/email-action?mode=verifyEmail&oobCode=tok_123";
const samples: { [K in MailKind]: MailData<K> } = {
  "verify-email": { name: "Ana", url },
  "reset-password": { name: "Ana", url },
  "change-email": { name: "Ana", url, newEmail: "ana.new@example.com" },
  "account-exists": { name: "Ana", url },
  "limit-upgrade-request": {
    userEmail: "payer@example.com",
    userId: "user_42",
    planId: "pro_monthly",
    limitName: "recording minutes",
    used: 600,
    limit: 600,
  },
  "calendar-recap": {
    name: "Ana",
    ownerName: "Ana",
    title: "Weekly sync",
    summary: "We agreed on the launch date.",
    decisions: ["Launch on Friday"],
    actionItems: [{ text: "Write the announcement", owner: "Bo" }],
    url: "https://parley.test/n/abcdefghijklmnopqrstuvwx",
  },
};
const kinds = Object.keys(samples) as MailKind[];

// Written out rather than read back from the catalogs, so a catalog edit that breaks a subject shows here.
const subjects: Record<(typeof locales)[number], Record<MailKind, string>> = {
  en: {
    "verify-email": "Confirm your e-mail address",
    "reset-password": "Reset your Parley password",
    "change-email": "Confirm your new e-mail address",
    "account-exists": "You already have a Parley account",
    "limit-upgrade-request": "Limit upgrade request from payer@example.com",
    "calendar-recap": "Meeting notes: Weekly sync",
  },
  es: {
    "verify-email": "Confirma tu dirección de correo",
    "reset-password": "Restablece tu contraseña de Parley",
    "change-email": "Confirma tu nueva dirección de correo",
    "account-exists": "Ya tienes una cuenta de Parley",
    "limit-upgrade-request": "Solicitud de ampliación de límite de payer@example.com",
    "calendar-recap": "Notas de la reunión: Weekly sync",
  },
  pt: {
    "verify-email": "Confirme seu endereço de e-mail",
    "reset-password": "Redefina sua senha do Parley",
    "change-email": "Confirme seu novo endereço de e-mail",
    "account-exists": "Você já tem uma conta do Parley",
    "limit-upgrade-request": "Pedido de aumento de limite de payer@example.com",
    "calendar-recap": "Notas da reunião: Weekly sync",
  },
};

function render<K extends MailKind>(kind: K, locale: (typeof locales)[number], data: MailData<K>) {
  return renderMail(kind, locale, data);
}

describe("renderMail", () => {
  for (const locale of locales) {
    for (const kind of kinds) {
      it(`renders ${kind} in ${locale}`, async () => {
        const mail = await render(kind, locale, samples[kind]);
        expect(mail.subject).toBe(subjects[locale][kind]);
        expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html.*<html[^>]* lang="${locale}"`, "s"));
        expect(mail.html).toContain("Parley");
        expect(mail.text).toContain("Parley");
        expect(mail.text).not.toMatch(/<[a-z]/i);
        expect(mail.text).not.toMatch(/\{[a-zA-Z]+\}/); // every ICU placeholder got its value
        if (kind === "limit-upgrade-request") {
          expect(mail.text).toContain("payer@example.com");
          expect(mail.text).toContain("user_42");
          expect(mail.text).toContain("pro_monthly");
          expect(mail.html).not.toContain("href=");
        } else {
          // A button and the raw link under it, in both parts.
          const link = kind === "calendar-recap" ? samples["calendar-recap"].url : url;
          expect(mail.html.split(`href="${link.replace("&", "&amp;")}"`)).toHaveLength(3);
          expect(mail.text).toContain(link);
        }
      });
    }
  }

  it("writes the user's name and the new address into the mail, escaped in HTML", async () => {
    const mail = await renderMail("change-email", "en", { name: "Ana <b>Lima</b>", url, newEmail: "ana.new@example.com" });
    expect(mail.text).toContain("Hi Ana <b>Lima</b>,");
    expect(mail.html).toContain("Ana &lt;b&gt;Lima&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Lima</b>");
    expect(mail.text).toContain("Confirm ana.new@example.com as the new sign-in address");
  });

  it("greets without a name when the account has none", async () => {
    const mail = await renderMail("verify-email", "es", { name: "  ", url });
    expect(mail.text).toContain("Hola:");
  });

  it("rejects data that does not fit the mail", async () => {
    const cases: [MailKind, unknown][] = [
      ["verify-email", { name: "Ana" }],
      ["verify-email", { name: "Ana", url: "not a url" }],
      ["reset-password", { name: "Ana", url: "javascript:alert(1)" }],
      ["change-email", { name: "Ana", url }],
      ["change-email", { name: "Ana", url, newEmail: "nope" }],
      ["account-exists", { name: "Ana", url, extra: "unknown field" }],
      ["limit-upgrade-request", { ...samples["limit-upgrade-request"], used: "600" }],
      ["limit-upgrade-request", { userEmail: "payer@example.com" }],
    ];
    for (const [kind, data] of cases) {
      await expect(renderMail(kind, "en", data as MailData<typeof kind>), `${kind} ${JSON.stringify(data)}`).rejects.toBeInstanceOf(
        ZodError,
      );
    }
  });

  it("has the same mail keys in en, es and pt", () => {
    const keys = (locale: string) => {
      const catalog = JSON.parse(readFileSync(path.resolve("i18n", locale, "mail.json"), "utf8")) as Record<string, Record<string, string>>;
      return Object.entries(catalog)
        .flatMap(([section, messages]) => Object.keys(messages).map((key) => `${section}.${key}`))
        .sort();
    };
    expect(keys("es")).toEqual(keys("en"));
    expect(keys("pt")).toEqual(keys("en"));
  });
});

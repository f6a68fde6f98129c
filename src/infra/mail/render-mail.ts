import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "@react-email/render";
import { IntlMessageFormat } from "intl-messageformat";
import { createElement } from "react";
import { z } from "zod";
import type { Locale } from "../../shared/i18n/locales";
import { ActionMail } from "./templates/action-mail";

// One schema per mail: a caller passing the wrong data fails here, not in a half-written mail.
const action = z.object({ name: z.string(), url: z.url() });
export const mailData = {
  "verify-email": action,
  "reset-password": action,
  "change-email": action.extend({ newEmail: z.email() }),
  "account-exists": action,
  "limit-upgrade-request": z.object({
    userEmail: z.email(),
    userId: z.string().min(1),
    planId: z.string().min(1),
    limitName: z.string().min(1),
    used: z.number(),
    limit: z.number(),
  }),
} as const;
export type MailKind = keyof typeof mailData;
export type MailData<K extends MailKind> = z.input<(typeof mailData)[K]>;

const catalogKey: Record<MailKind, string> = {
  "verify-email": "verifyEmail",
  "reset-password": "resetPassword",
  "change-email": "changeEmail",
  "account-exists": "accountExists",
  "limit-upgrade-request": "limitUpgrade",
};

type Catalog = Record<string, Record<string, string>>;
const catalogs = new Map<Locale, Catalog>();
function catalog(locale: Locale): Catalog {
  let loaded = catalogs.get(locale);
  if (!loaded) {
    loaded = JSON.parse(readFileSync(path.resolve("i18n", locale, "mail.json"), "utf8")) as Catalog;
    catalogs.set(locale, loaded);
  }
  return loaded;
}

function translator(locale: Locale) {
  const messages = catalog(locale);
  return (section: string, key: string, values: Record<string, string | number> = {}): string => {
    const message = messages[section]?.[key];
    if (message === undefined) throw new Error(`mail catalog ${locale} has no ${section}.${key}`);
    return String(new IntlMessageFormat(message, locale).format(values));
  };
}

/** Subject, HTML and plain text of one mail in one language (templates: React Email; texts: i18n/<locale>/mail.json). */
export async function renderMail<K extends MailKind>(
  kind: K,
  locale: Locale,
  data: MailData<K>,
): Promise<{ subject: string; html: string; text: string }> {
  const values = mailData[kind].parse(data) as Record<string, string | number>;
  const t = translator(locale);
  const section = catalogKey[kind];
  const name = typeof values.name === "string" ? values.name.trim() : "";
  const element = createElement(ActionMail, {
    lang: locale,
    heading: t(section, "heading", values),
    greeting: name ? t("common", "greeting", { name }) : t("common", "greetingNoName"),
    body: t(section, "body", values),
    action:
      typeof values.url === "string"
        ? { label: t(section, "button", values), url: values.url, fallback: t("common", "buttonFallback") }
        : undefined,
    footer: t("common", "footer"),
    signature: t("common", "signature"),
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t(section, "subject", values), html, text };
}

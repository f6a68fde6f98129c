import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "@react-email/render";
import { IntlMessageFormat } from "intl-messageformat";
import { createElement, type ReactElement } from "react";
import { z } from "zod";
import type { Locale } from "~/shared/i18n/locales";
import { AccountExistsMail } from "./templates/account-exists";
import { CalendarRecapMail } from "./templates/calendar-recap";
import { ChangeEmailMail } from "./templates/change-email";
import { LimitUpgradeRequestMail } from "./templates/limit-upgrade-request";
import type { MailTranslate } from "./templates/mail-layout";
import { ResetPasswordMail } from "./templates/reset-password";
import { VerifyEmailMail } from "./templates/verify-email";

// One strict schema per mail: a caller passing the wrong data fails here, not in a half-written mail.
// Links must be http(s): a `javascript:` URL in a button is never what a caller meant.
const httpUrl = z.url({ protocol: /^https?$/ });
const actionMail = z.strictObject({ name: z.string().max(200), url: httpUrl });
export const mailData = {
  "verify-email": actionMail,
  "reset-password": actionMail,
  "change-email": actionMail.extend({ newEmail: z.email() }),
  "account-exists": actionMail,
  "limit-upgrade-request": z.strictObject({
    userEmail: z.email(),
    userId: z.string().min(1),
    planId: z.string().min(1),
    limitName: z.string().min(1),
    used: z.number().nonnegative(),
    limit: z.number().nonnegative(),
  }),
  "calendar-recap": z.strictObject({
    name: z.string().max(200),
    ownerName: z.string().max(200),
    title: z.string().max(500),
    summary: z.string().max(20_000),
    decisions: z.array(z.string().max(2_000)).max(100),
    actionItems: z.array(z.strictObject({ text: z.string().max(2_000), owner: z.string().max(200).nullable() })).max(100),
    url: httpUrl,
  }),
} as const;
export type MailKind = keyof typeof mailData;
export type MailData<K extends MailKind> = z.input<(typeof mailData)[K]>;
type ParsedMailData<K extends MailKind> = z.output<(typeof mailData)[K]>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface MailTemplate<K extends MailKind> {
  subject(t: MailTranslate, data: ParsedMailData<K>): string;
  element(locale: Locale, t: MailTranslate, data: ParsedMailData<K>): ReactElement;
}

const templates: { [K in MailKind]: MailTemplate<K> } = {
  "verify-email": {
    subject: (t) => t("verifyEmail.subject"),
    element: (locale, t, data) => createElement(VerifyEmailMail, { locale, t, ...data }),
  },
  "reset-password": {
    subject: (t) => t("resetPassword.subject"),
    element: (locale, t, data) => createElement(ResetPasswordMail, { locale, t, ...data }),
  },
  "change-email": {
    subject: (t) => t("changeEmail.subject"),
    element: (locale, t, data) => createElement(ChangeEmailMail, { locale, t, ...data }),
  },
  "account-exists": {
    subject: (t) => t("accountExists.subject"),
    element: (locale, t, data) => createElement(AccountExistsMail, { locale, t, ...data }),
  },
  "limit-upgrade-request": {
    subject: (t, data) => t("limitUpgrade.subject", data),
    element: (locale, t, data) => createElement(LimitUpgradeRequestMail, { locale, t, ...data }),
  },
  "calendar-recap": {
    subject: (t, data) => t("calendarRecap.subject", { title: data.title }),
    element: (locale, t, data) => createElement(CalendarRecapMail, { locale, t, ...data }),
  },
};

const mailCatalog = z.record(z.string(), z.record(z.string(), z.string()));
type MailCatalog = z.infer<typeof mailCatalog>;
const catalogs = new Map<Locale, MailCatalog>();
const formats = new Map<string, IntlMessageFormat>();

// Same place the server reads every other catalog from (src/server/i18n-catalogs.ts): i18n/ under the cwd.
function catalog(locale: Locale): MailCatalog {
  let loaded = catalogs.get(locale);
  if (!loaded) {
    loaded = mailCatalog.parse(JSON.parse(readFileSync(path.resolve("i18n", locale, "mail.json"), "utf8")));
    catalogs.set(locale, loaded);
  }
  return loaded;
}

function translator(locale: Locale): MailTranslate {
  const messages = catalog(locale);
  return (key, values = {}) => {
    const cacheKey = `${locale}:${key}`;
    let format = formats.get(cacheKey);
    if (!format) {
      const [section = "", name = ""] = key.split(".");
      const message = messages[section]?.[name];
      // A programming error (npm run i18n:check and render-mail.test.ts keep the catalogs complete).
      if (message === undefined) throw new Error(`mail catalog ${locale} has no ${key}`);
      format = new IntlMessageFormat(message, locale);
      formats.set(cacheKey, format);
    }
    return String(format.format(values));
  };
}

/** Subject, HTML and plain text of one mail in one language (templates: React Email; texts: i18n/<locale>/mail.json). */
export async function renderMail<K extends MailKind>(kind: K, locale: Locale, data: MailData<K>): Promise<RenderedMail> {
  const parsed = mailData[kind].parse(data) as ParsedMailData<K>;
  const template: MailTemplate<K> = templates[kind];
  const t = translator(locale);
  const element = template.element(locale, t, parsed);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(t, parsed), html, text };
}

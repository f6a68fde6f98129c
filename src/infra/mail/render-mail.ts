import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { z } from "zod";
import type { Locale } from "~/shared/i18n/locales";
import { type MailData, type MailKind, mailData, type ParsedMailData } from "./mail-data";
import type { MailTemplate } from "./mail-templates";
import type { MailTranslate } from "./templates/mail-layout";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

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
  // React Email (and the prismjs it pulls in) loads with the first mail, not with the process: ~0.5 s of
  // every start otherwise (issue 22).
  const [{ mailTemplates }, { render }] = await Promise.all([import("./mail-templates"), import("@react-email/render")]);
  const template: MailTemplate<K> = mailTemplates[kind];
  const t = translator(locale);
  const element = template.element(locale, t, parsed);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(t, parsed), html, text };
}

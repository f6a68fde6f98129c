import type { AuthMail } from "~/infra/auth/create-auth";
import type { Database } from "~/infra/db/client";
import type { Mailer } from "~/infra/mail/mailer";
import { renderMail } from "~/infra/mail/render-mail";
import { isLocale, type Locale, localizePath } from "~/shared/i18n/locales";
import { requestLocale } from "~/shared/i18n/request-locale";
import { findUserEmail, findUserLanguage } from "./data";

/** spec section 2: e-mail links open the e-mail action page, Firebase style (mode + oobCode). */
export type EmailActionMode = "verifyEmail" | "resetPassword" | "verifyAndChangeEmail";

export function emailActionUrl({
  origin,
  locale,
  mode,
  token,
}: {
  origin: string;
  locale: Locale;
  mode: EmailActionMode;
  token: string;
}): string {
  const url = new URL(localizePath("/email-action", locale), origin);
  url.searchParams.set("mode", mode);
  url.searchParams.set("oobCode", token);
  return url.href;
}

interface AccountMailDeps {
  db: Database;
  mailer: Mailer;
  /** Fixed public origin; unset, links use the origin of the request that caused the mail. */
  publicUrl?: string;
}

/** The account mails better-auth asks for, in the user's language, with links to our own pages. */
export function createAccountMail({ db, mailer, publicUrl }: AccountMailDeps): AuthMail {
  async function context(userId: string, request?: Request) {
    const stored = await findUserLanguage(db, { userId });
    const locale: Locale = isLocale(stored) ? stored : request ? requestLocale(request.headers) : "en";
    const origin = publicUrl ?? (request ? new URL(request.url).origin : "http://localhost:3000");
    return { locale, origin };
  }
  return {
    async verifyEmail({ userId, email, name, token, request }) {
      const { locale, origin } = await context(userId, request);
      // better-auth sends the change-of-address confirmation through the same hook, to the new address.
      const currentEmail = (await findUserEmail(db, { userId }))?.toLowerCase() ?? null;
      const isChange = currentEmail !== null && currentEmail !== email.toLowerCase();
      const url = emailActionUrl({ origin, locale, mode: isChange ? "verifyAndChangeEmail" : "verifyEmail", token });
      const mail = isChange
        ? await renderMail("change-email", locale, { name, url, newEmail: email })
        : await renderMail("verify-email", locale, { name, url });
      await mailer.send({ to: email, ...mail });
    },
    async resetPassword({ userId, email, name, token, request }) {
      const { locale, origin } = await context(userId, request);
      const url = emailActionUrl({ origin, locale, mode: "resetPassword", token });
      await mailer.send({ to: email, ...(await renderMail("reset-password", locale, { name, url })) });
    },
    async existingAccount({ userId, email, name, request }) {
      const { locale, origin } = await context(userId, request);
      const url = new URL(localizePath("/forgot-password", locale), origin).href;
      await mailer.send({ to: email, ...(await renderMail("account-exists", locale, { name, url })) });
    },
  };
}

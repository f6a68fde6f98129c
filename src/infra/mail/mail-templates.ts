import { createElement, type ReactElement } from "react";
import type { Locale } from "~/shared/i18n/locales";
import type { MailKind, ParsedMailData } from "./mail-data";
import { AccountExistsMail } from "./templates/account-exists";
import { CalendarRecapMail } from "./templates/calendar-recap";
import { ChangeEmailMail } from "./templates/change-email";
import { LimitUpgradeRequestMail } from "./templates/limit-upgrade-request";
import type { MailTranslate } from "./templates/mail-layout";
import { ResetPasswordMail } from "./templates/reset-password";
import { VerifyEmailMail } from "./templates/verify-email";

// Each mail's subject and React Email element. render-mail.ts imports this file when it renders the
// first mail: the templates pull in @react-email/components, too heavy to load with the process.

export interface MailTemplate<K extends MailKind> {
  subject(t: MailTranslate, data: ParsedMailData<K>): string;
  element(locale: Locale, t: MailTranslate, data: ParsedMailData<K>): ReactElement;
}

export const mailTemplates: { [K in MailKind]: MailTemplate<K> } = {
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

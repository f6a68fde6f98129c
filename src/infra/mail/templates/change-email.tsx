import { Text } from "@react-email/components";
import type { Locale } from "~/shared/i18n/locales";
import { greetingFor, MailLayout, type MailTranslate } from "./mail-layout";

export interface ChangeEmailMailProps {
  locale: Locale;
  t: MailTranslate;
  name: string;
  url: string;
  newEmail: string;
}

/** Sent to the NEW address from /settings/email: the link opens /email-action?mode=verifyAndChangeEmail. */
export function ChangeEmailMail({ locale, t, name, url, newEmail }: ChangeEmailMailProps) {
  return (
    <MailLayout
      locale={locale}
      t={t}
      heading={t("changeEmail.heading")}
      greeting={greetingFor(t, name)}
      action={{ label: t("changeEmail.button"), url }}
      footer={t("common.footer")}
    >
      <Text>{t("changeEmail.body", { newEmail })}</Text>
    </MailLayout>
  );
}

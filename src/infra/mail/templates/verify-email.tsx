import { Text } from "@react-email/components";
import type { Locale } from "~/shared/i18n/locales";
import { greetingFor, MailLayout, type MailTranslate } from "./mail-layout";

export interface VerifyEmailMailProps {
  locale: Locale;
  t: MailTranslate;
  name: string;
  url: string;
}

/** Sent after sign-up (and on "send again"): the link opens /email-action?mode=verifyEmail. */
export function VerifyEmailMail({ locale, t, name, url }: VerifyEmailMailProps) {
  return (
    <MailLayout
      locale={locale}
      t={t}
      heading={t("verifyEmail.heading")}
      greeting={greetingFor(t, name)}
      action={{ label: t("verifyEmail.button"), url }}
      footer={t("common.footer")}
    >
      <Text>{t("verifyEmail.body")}</Text>
    </MailLayout>
  );
}

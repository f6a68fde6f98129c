import { Text } from "@react-email/components";
import type { Locale } from "~/shared/i18n/locales";
import { greetingFor, MailLayout, type MailTranslate } from "./mail-layout";

export interface ResetPasswordMailProps {
  locale: Locale;
  t: MailTranslate;
  name: string;
  url: string;
}

/** Sent from /forgot-password: the link opens /email-action?mode=resetPassword. */
export function ResetPasswordMail({ locale, t, name, url }: ResetPasswordMailProps) {
  return (
    <MailLayout
      locale={locale}
      t={t}
      heading={t("resetPassword.heading")}
      greeting={greetingFor(t, name)}
      action={{ label: t("resetPassword.button"), url }}
      footer={t("common.footer")}
    >
      <Text>{t("resetPassword.body")}</Text>
    </MailLayout>
  );
}

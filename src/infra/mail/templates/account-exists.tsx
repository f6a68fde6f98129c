import { Text } from "@react-email/components";
import type { Locale } from "~/shared/i18n/locales";
import { greetingFor, MailLayout, type MailTranslate } from "./mail-layout";

export interface AccountExistsMailProps {
  locale: Locale;
  t: MailTranslate;
  name: string;
  url: string;
}

/**
 * Sent instead of a second account when someone signs up with a taken address: the sign-up answer
 * stays the same for both cases (spec: do not reveal whether an e-mail exists), the owner learns here.
 */
export function AccountExistsMail({ locale, t, name, url }: AccountExistsMailProps) {
  return (
    <MailLayout
      locale={locale}
      t={t}
      heading={t("accountExists.heading")}
      greeting={greetingFor(t, name)}
      action={{ label: t("accountExists.button"), url }}
      footer={t("common.footer")}
    >
      <Text>{t("accountExists.body")}</Text>
    </MailLayout>
  );
}

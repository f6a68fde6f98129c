import { Text } from "@react-email/components";
import type { Locale } from "~/shared/i18n/locales";
import { MailLayout, type MailTranslate } from "./mail-layout";

export interface LimitUpgradeRequestMailProps {
  locale: Locale;
  t: MailTranslate;
  userEmail: string;
  userId: string;
  planId: string;
  limitName: string;
  used: number;
  limit: number;
}

/**
 * spec section 6: a paying user at a limit sees no paywall; support gets this request instead. It goes
 * to support, not to the user, so it has no button and a footer that says how to answer.
 */
export function LimitUpgradeRequestMail({ locale, t, ...request }: LimitUpgradeRequestMailProps) {
  return (
    <MailLayout
      locale={locale}
      t={t}
      heading={t("limitUpgrade.heading")}
      greeting={t("limitUpgrade.greeting")}
      footer={t("limitUpgrade.footer")}
    >
      <Text>{t("limitUpgrade.body", request)}</Text>
    </MailLayout>
  );
}

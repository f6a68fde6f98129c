import { Heading, Section, Text } from "@react-email/components";
import type { Locale } from "~/shared/i18n/locales";
import { greetingFor, MailLayout, type MailTranslate } from "./mail-layout";

export interface CalendarRecapMailProps {
  locale: Locale;
  t: MailTranslate;
  /** The recipient's name when known (the owner, an attendee the calendar names); else "Hi,". */
  name: string;
  ownerName: string;
  title: string;
  summary: string;
  decisions: string[];
  actionItems: { text: string; owner: string | null }[];
  /** The note's public link (sharing turned on for it). */
  url: string;
}

const sectionHeading = { fontSize: "16px", margin: "20px 0 4px" };
const list = { margin: "0 0 4px", paddingLeft: "4px" };

/**
 * Issue 18: the recap of a calendar meeting once its AI notes are ready (send-notes on), in the owner's
 * language. Says plainly that the link is public, since it may go to attendees outside Parley.
 */
export function CalendarRecapMail({ locale, t, name, ownerName, title, summary, decisions, actionItems, url }: CalendarRecapMailProps) {
  return (
    <MailLayout
      locale={locale}
      t={t}
      heading={t("calendarRecap.heading", { title })}
      greeting={greetingFor(t, name)}
      action={{ label: t("calendarRecap.button"), url }}
      footer={t("calendarRecap.footer", { ownerName })}
    >
      <Text>{t("calendarRecap.intro", { ownerName })}</Text>
      <Heading as="h2" style={sectionHeading}>
        {t("calendarRecap.summary")}
      </Heading>
      <Text>{summary.trim() || t("calendarRecap.noSummary")}</Text>
      {decisions.length > 0 ? (
        <Section>
          <Heading as="h2" style={sectionHeading}>
            {t("calendarRecap.decisions")}
          </Heading>
          {decisions.map((decision) => (
            <Text key={decision} style={list}>
              • {decision}
            </Text>
          ))}
        </Section>
      ) : null}
      {actionItems.length > 0 ? (
        <Section>
          <Heading as="h2" style={sectionHeading}>
            {t("calendarRecap.actionItems")}
          </Heading>
          {actionItems.map((item) => (
            <Text key={`${item.text}|${item.owner ?? ""}`} style={list}>
              • {item.owner ? t("calendarRecap.actionWithOwner", { text: item.text, owner: item.owner }) : item.text}
            </Text>
          ))}
        </Section>
      ) : null}
      <Text>{t("calendarRecap.publicLink", { ownerName })}</Text>
    </MailLayout>
  );
}

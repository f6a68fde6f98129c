import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { Locale } from "~/shared/i18n/locales";

/** A key of i18n/<locale>/mail.json ("section.key"), formatted with ICU. */
export type MailTranslate = (key: string, values?: Record<string, string | number>) => string;

export interface MailLayoutProps {
  locale: Locale;
  t: MailTranslate;
  heading: string;
  greeting: string;
  /** The one thing the mail asks for; absent for mails that only inform (the support request). */
  action?: { label: string; url: string };
  footer: string;
  children: ReactNode;
}

const page = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "12px", margin: "0 auto", maxWidth: "520px", padding: "32px" };
const brand = { color: "#4f46e5", fontSize: "20px", fontWeight: 700, margin: 0 };
const button = { backgroundColor: "#4f46e5", borderRadius: "8px", color: "#ffffff", fontWeight: 600, padding: "12px 20px" };
const small = { color: "#71717a", fontSize: "12px", lineHeight: "18px" };

/**
 * Every Parley mail: brand, heading, greeting, the mail's paragraphs, then a button with the raw link
 * under it (mail clients that block buttons or strip styles still show a usable link), signature, footer.
 */
export function MailLayout({ locale, t, heading, greeting, action, footer, children }: MailLayoutProps) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{heading}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>Parley</Text>
          <Heading as="h1" style={{ fontSize: "22px", margin: "24px 0 8px" }}>
            {heading}
          </Heading>
          <Text>{greeting}</Text>
          {children}
          {action ? (
            <Section style={{ margin: "24px 0" }}>
              <Button href={action.url} style={button}>
                {action.label}
              </Button>
              <Text style={small}>{t("common.buttonFallback")}</Text>
              <Link href={action.url} style={{ ...small, wordBreak: "break-all" }}>
                {action.url}
              </Link>
            </Section>
          ) : null}
          <Text>{t("common.signature")}</Text>
          <Hr />
          <Text style={small}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** "Hi Ana," or, when the account has no name yet, "Hi,". */
export function greetingFor(t: MailTranslate, name: string): string {
  const trimmed = name.trim();
  return trimmed ? t("common.greeting", { name: trimmed }) : t("common.greetingNoName");
}

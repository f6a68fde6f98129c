import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

export interface ActionMailProps {
  lang: string;
  heading: string;
  greeting: string;
  body: string;
  /** Absent for mails that only inform (the support request). */
  action?: { label: string; url: string; fallback: string };
  footer: string;
  signature: string;
}

const page = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "12px", margin: "0 auto", maxWidth: "520px", padding: "32px" };
const button = { backgroundColor: "#4f46e5", borderRadius: "8px", color: "#ffffff", fontWeight: 600, padding: "12px 20px" };
const small = { color: "#71717a", fontSize: "12px", lineHeight: "18px" };

/** Every Parley mail: brand, heading, greeting, one paragraph, an optional button with its raw link. */
export function ActionMail({ lang, heading, greeting, body, action, footer, signature }: ActionMailProps) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{heading}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: "#4f46e5", fontSize: "20px", fontWeight: 700, margin: 0 }}>Parley</Text>
          <Heading as="h1" style={{ fontSize: "22px", margin: "24px 0 8px" }}>
            {heading}
          </Heading>
          <Text>{greeting}</Text>
          <Text>{body}</Text>
          {action ? (
            <Section style={{ margin: "24px 0" }}>
              <Button href={action.url} style={button}>
                {action.label}
              </Button>
              <Text style={small}>{action.fallback}</Text>
              <Link href={action.url} style={{ ...small, wordBreak: "break-all" }}>
                {action.url}
              </Link>
            </Section>
          ) : null}
          <Text>{signature}</Text>
          <Hr />
          <Text style={small}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

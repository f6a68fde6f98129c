// Calendar journeys' helpers (issue 18): the calendar stand-in's control API (Google Calendar v3, Graph and
// Zoom OAuth on E2E_PORT + 7) and the app's calendar page, for calendar.spec.ts and the auto-join journey.
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { newAccount, signUpVerified, skipOnboarding, type TestAccount } from "./account-setup";
import { waitForPageReady } from "./pages";

export const calendarStandInUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 7}`;

export type StandInProvider = "google" | "microsoft";
export type CalendarPlatform = "google_calendar" | "microsoft_outlook";
export const providerOf: Record<CalendarPlatform, StandInProvider> = { google_calendar: "google", microsoft_outlook: "microsoft" };

export interface SeedEvent {
  id?: string;
  title: string;
  start: Date | string;
  end: Date | string;
  allDay?: boolean;
  meetingUrl?: string | null;
  where?: "conference" | "hangoutLink" | "location" | "description" | "onlineMeeting";
  attendees?: { email: string; name?: string }[];
}

/** A Google Meet link of the usual shape, unique per call. */
export function meetLink(): string {
  const letters = (count: number) => Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `https://meet.google.com/${letters(3)}-${letters(4)}-${letters(3)}`;
}

/** A Teams link of the usual shape, unique per call. */
export function teamsLink(): string {
  return `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${randomUUID().replaceAll("-", "")}%40thread.v2/0`;
}

async function control(page: Page, method: "POST" | "PATCH", path: string, data: unknown): Promise<unknown> {
  const answer = await page.request.fetch(`${calendarStandInUrl}${path}`, { method, data });
  expect(answer.ok(), `${method} ${path} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  const text = await answer.text();
  return text ? JSON.parse(text) : null;
}

/** Puts events in the account's calendar at the stand-in; returns their ids (given or made up there). */
export async function seedEvents(page: Page, provider: StandInProvider, email: string, events: SeedEvent[]): Promise<string[]> {
  const body = {
    email,
    events: events.map((event) => ({
      ...event,
      start: event.start instanceof Date ? event.start.toISOString() : event.start,
      end: event.end instanceof Date ? event.end.toISOString() : event.end,
    })),
  };
  const answer = (await control(page, "POST", `/__test/${provider}/events`, body)) as { events?: { id: string }[]; ids?: string[] } | null;
  return answer?.ids ?? answer?.events?.map((event) => event.id) ?? [];
}

export async function moveEvent(
  page: Page,
  provider: StandInProvider,
  id: string,
  patch: { start?: string; end?: string; title?: string },
) {
  await control(page, "PATCH", `/__test/${provider}/events/${encodeURIComponent(id)}`, patch);
}

export async function cancelEvent(page: Page, provider: StandInProvider, id: string): Promise<void> {
  await control(page, "POST", `/__test/${provider}/events/${encodeURIComponent(id)}/cancel`, {});
}

/** The provider forgets the grant: the app's next refresh gets invalid_grant. */
export async function revokeGrant(page: Page, provider: StandInProvider | "zoom", email: string): Promise<void> {
  await control(page, "POST", `/__test/${provider}/revoke`, { email });
}

/** Signs up a verified user past onboarding and opens /settings/calendar (in `locale`'s path). */
export async function signedInOnCalendarPage(page: Page, label: string, locale: "en" | "es" | "pt" = "en"): Promise<TestAccount> {
  const account = newAccount(label);
  await signUpVerified(page, account);
  await skipOnboarding(page);
  await openCalendarPage(page, locale);
  return account;
}

export async function openCalendarPage(page: Page, locale: "en" | "es" | "pt" = "en"): Promise<void> {
  await page.goto(locale === "en" ? "/settings/calendar" : `/${locale}/settings/calendar`);
  await waitForPageReady(page);
  await expect(page.getByTestId("week-view")).toBeVisible();
}

/** A provider's card on the calendar page. */
export function connectionCard(page: Page, provider: CalendarPlatform | "zoom") {
  return page.getByTestId(`connection-${provider}`);
}

/**
 * Presses the card's Connect button: the app asks for the consent address, the stand-in consents for the
 * signed-in user (login_hint) and the callback brings the browser back to the page, connected.
 */
export async function connectThroughCard(page: Page, provider: CalendarPlatform | "zoom"): Promise<void> {
  const card = connectionCard(page, provider);
  await card.getByRole("button").first().click();
  await page.waitForURL((url) => url.pathname.endsWith("/settings/calendar") && url.search === "", { timeout: 20_000 });
  await expect(card).toHaveAttribute("data-state", "active", { timeout: 20_000 });
}

/** The event rows of the 7-day view with this title. */
export function eventRow(page: Page, title: string) {
  return page.getByTestId("calendar-event").filter({ hasText: title });
}

/** Signs up and connects Google Calendar on the calendar page: the set-up most calendar journeys share. */
export async function signedInWithGoogle(page: Page, label: string, events: SeedEvent[] = []): Promise<TestAccount> {
  const account = newAccount(label);
  await signUpVerified(page, account);
  await skipOnboarding(page);
  if (events.length) await seedEvents(page, "google", account.email, events);
  await openCalendarPage(page);
  await connectThroughCard(page, "google_calendar");
  return account;
}

import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { isLocale, type Locale } from "~/shared/i18n/locales";
import { findUserLanguage } from "../accounts/data";
import { type SendBotDeps, type SendBotResult, sendBot } from "../meetings/send-bot";
import { findConnection, findEvent, readPreferences } from "./data";
import { toCalendarEventView } from "./event-view";
import { attachEventNote } from "./mutations/auto-join-claims";

// One send for a calendar event (issue 18), automatic or by hand: the same rules as a pasted link (one bot
// per meeting and user, the plan's limits) through sendBot, with the event's title and ids on the note.

/** The bot's texts in one language (the meetings catalog's bot.consentMessage). */
export type BotTexts = (locale: Locale) => { consentMessage(values: { botName: string; ownerName: string }): string };

export interface SendEventBotDeps extends SendBotDeps {
  botTexts: BotTexts;
}

export interface EventToSend {
  userId: string;
  userName: string;
  connectionId: string;
  providerEventId: string;
  title: string;
  meetingUrl: string;
}

/** The user's interface language, English when none was chosen. */
export async function userLocale(deps: Pick<SendBotDeps, "db">, userId: string): Promise<Locale> {
  const language = await findUserLanguage(deps.db, { userId });
  return isLocale(language) ? language : "en";
}

export async function sendEventBot(deps: SendEventBotDeps, event: EventToSend, locale?: Locale): Promise<SendBotResult> {
  const texts = deps.botTexts(locale ?? (await userLocale(deps, event.userId)));
  return sendBot(deps, {
    userId: event.userId,
    userName: event.userName,
    url: event.meetingUrl,
    language: null,
    texts: {
      consentMessage: (botName) => texts.consentMessage({ botName, ownerName: event.userName.trim() || botName }),
    },
    calendarEvent: { calendarId: event.connectionId, eventId: event.providerEventId, title: event.title },
  });
}

export type ManualSendOutcome =
  | { kind: "notFound" }
  | { kind: "noLink" }
  | Exclude<SendBotResult, { kind: "sent" }>
  | { kind: "sent"; event: CalendarEvent };

/**
 * POST /calendar/event/send-bot: the notetaker goes to this event now, whatever its toggle and time
 * (the user asked). The event keeps the note and says sentBotManually 'sent'; auto-join leaves it alone.
 */
export async function sendEventBotByHand(
  deps: SendEventBotDeps,
  {
    userId,
    userName,
    calendarId,
    eventId,
    locale,
  }: { userId: string; userName: string; calendarId: string; eventId: string; locale: Locale },
): Promise<ManualSendOutcome> {
  const connection = await findConnection(deps.db, { userId, connectionId: calendarId });
  const event = connection ? await findEvent(deps.db, { userId, connectionId: calendarId, providerEventId: eventId }) : null;
  if (!connection || !event) return { kind: "notFound" };
  if (!event.meetingUrl) return { kind: "noLink" };
  const result = await sendEventBot(
    deps,
    { userId, userName, connectionId: calendarId, providerEventId: eventId, title: event.title, meetingUrl: event.meetingUrl },
    locale,
  );
  if (result.kind === "alreadyActive" && !event.noteId) {
    // The bot in that meeting is this event's (auto-join sent it a moment ago): the event shows it.
    await attachEventNote(deps.db, { userId, eventId: event.id, noteId: result.noteId, isManual: false });
  }
  if (result.kind !== "sent") return result;
  await attachEventNote(deps.db, { userId, eventId: event.id, noteId: result.noteId, isManual: true });
  const [updated, preferences] = await Promise.all([
    findEvent(deps.db, { userId, connectionId: calendarId, providerEventId: eventId }),
    readPreferences(deps.db, { userId }),
  ]);
  if (!updated) return { kind: "notFound" };
  return {
    kind: "sent",
    event: toCalendarEventView(updated, { platform: connection.platform, autoJoin: preferences.autoJoin, now: new Date() }),
  };
}

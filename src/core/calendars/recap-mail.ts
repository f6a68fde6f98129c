import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import type { Mailer } from "~/infra/mail/mailer";
import { renderMail } from "~/infra/mail/render-mail";
import { findAiNotes } from "../ai-notes/data";
import { shareNote } from "../sharing/mutations";
import { findRecapEvent, type RecapEvent } from "./data/recap-event";
import { claimRecap, releaseRecap } from "./mutations/recap-sent";
import { userLocale } from "./send-event-bot";

// Send-notes (issue 18): once a calendar meeting's AI notes are ready, and the user turned send-notes on,
// one recap e-mail per event (title, summary, decisions, action items with owners, the note's public link)
// goes to the owner, or to the attendees and the owner, in the owner's language.

export interface RecapDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** The site's public origin for the note's link (PUBLIC_URL, or this process's address when embedded). */
  publicUrl(): string | null;
}

/** A meeting's attendees get it only when the owner chose so; the owner always does. No address twice. */
export function recapRecipientsOf(event: Pick<RecapEvent, "ownerEmail" | "ownerName" | "attendees" | "recapRecipients">) {
  const recipients = new Map<string, { email: string; name: string }>();
  recipients.set(event.ownerEmail.toLowerCase(), { email: event.ownerEmail, name: event.ownerName });
  if (event.recapRecipients === "attendees") {
    for (const attendee of event.attendees) {
      const key = attendee.email.trim().toLowerCase();
      if (!key.includes("@") || recipients.has(key)) continue;
      recipients.set(key, { email: attendee.email.trim(), name: attendee.name ?? "" });
    }
  }
  // A calendar with hundreds of invitees (a town hall) is capped: this is a recap, not a mailing list.
  return [...recipients.values()].slice(0, 100);
}

export type RecapOutcome = "sent" | "notCalendar" | "off" | "alreadySent" | "noNotes" | "noUrl";

export async function sendCalendarRecap(deps: RecapDeps, { userId, noteId }: { userId: string; noteId: string }): Promise<RecapOutcome> {
  const event = await findRecapEvent(deps.db, { userId, noteId });
  if (!event) return "notCalendar";
  if (!event.sendNotes) return "off";
  if (event.recapSentAt) return "alreadySent";
  const [aiNotes, origin] = [await findAiNotes(deps.db, { userId, noteId }), deps.publicUrl()];
  if (!aiNotes) return "noNotes";
  if (!origin) {
    deps.logger.warn({ noteId }, "recap not sent: no PUBLIC_URL for the note's link");
    return "noUrl";
  }
  if (!(await claimRecap(deps.db, { userId, eventId: event.id }))) return "alreadySent";
  let sentCount = 0;
  try {
    // The mail's link must open for attendees without an account: the note's public link is turned on.
    const shareId = await shareNote(deps.db, { userId, noteId });
    if (!shareId) throw new Error("note to share is gone");
    const locale = await userLocale(deps, userId);
    const { content } = aiNotes;
    const title = event.title.trim() || content.title;
    for (const recipient of recapRecipientsOf(event)) {
      const mail = await renderMail("calendar-recap", locale, {
        name: recipient.name,
        ownerName: event.ownerName.trim() || event.ownerEmail,
        title,
        summary: content.summary,
        decisions: content.decisions,
        actionItems: content.actionItems.map(({ text, owner }) => ({ text, owner })),
        url: `${origin.replace(/\/$/, "")}/n/${shareId}`,
      });
      await deps.mailer.send({ to: recipient.email, replyTo: event.ownerEmail, ...mail });
      sentCount += 1;
    }
    return "sent";
  } catch (error) {
    // Once anyone has it, it counts as sent (never twice to the same people); before that, notes made
    // again later may still send it.
    if (sentCount === 0) await releaseRecap(deps.db, { userId, eventId: event.id });
    throw error;
  }
}

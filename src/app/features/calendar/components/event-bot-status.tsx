import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { statusAppearance } from "~/app/features/notes/status-appearance";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { StatusBadge } from "~/app/ui/status-badge";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { displayStatus, type MeetingCode, meetingCodes, statusLabelKey } from "~/shared/notes/statuses";

type EventBot = NonNullable<CalendarEvent["data"]["bot"]>;

/** A bot that has not reported yet is on its way to the call. */
function meetingCodeOf(code: string | null): MeetingCode {
  return code && (meetingCodes as readonly string[]).includes(code) ? (code as MeetingCode) : "joining_call";
}

/** The live status of the notetaker sent to an event, with the badge the notes list uses, linking to its note. */
export function EventBotStatus({ bot }: { bot: EventBot }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation("calendar");
  const to = useLocalizedPath();
  const status = displayStatus({ type: "meeting", meeting: { code: meetingCodeOf(bot.code), subcode: bot.subcode } });
  const key = statusLabelKey(status, "meeting");
  const { tone, icon } = statusAppearance(status);
  return (
    <Link
      to={to(`/note/${bot.noteId}`)}
      className="inline-flex items-center gap-2 rounded-full focus-visible:outline-2 focus-visible:outline-indigo-600"
      aria-label={`${key ? t(key) : ""} · ${tc("event.openNote")}`}
      data-testid="event-bot"
    >
      <StatusBadge tone={tone} icon={icon} data={{ code: bot.code ?? "" }}>
        {key ? t(key) : tc("event.openNote")}
      </StatusBadge>
    </Link>
  );
}

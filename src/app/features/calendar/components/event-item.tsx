import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarEvent } from "~/shared/calendars/calendar-api";
import { meetingPlatformNames } from "~/shared/meetings/meeting-title";
import type { CalendarFormat } from "../format-calendar";
import { canSendNow } from "../join-toggle";
import { EventBotStatus } from "./event-bot-status";
import { ToggleSwitch } from "./toggle-switch";

/**
 * One event of the 7-day view: time, title, platform (or "No meeting link"), the join toggle (disabled with
 * its reason), when the notetaker is scheduled or why it was not sent, the bot's live status, Send now.
 */
export function EventItem({
  event,
  format,
  pendingJoin,
  isSending,
  onToggleJoin,
  onSendNow,
}: {
  event: CalendarEvent;
  format: CalendarFormat;
  pendingJoin: boolean | undefined;
  isSending: boolean;
  onToggleJoin(next: boolean): void;
  onSendNow(): void;
}) {
  const { t } = useTranslation("calendar");
  const id = useId();
  const { data } = event;
  const title = data.title.trim() || t("event.untitled");
  const isJoining = pendingJoin ?? data.JoinEnabled;
  const blocked = data.joinBlockedReason;
  const when = data.isAllDay ? t("event.allDay") : `${format.time(new Date(data.start))} – ${format.time(new Date(data.end))}`;
  return (
    <li
      className={`space-y-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900 ${data.isCancelled ? "opacity-70" : ""}`}
      data-testid="calendar-event"
      data-event-id={data.eventId}
      data-join={String(isJoining)}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{when}</p>
        <ToggleSwitch
          testId="join-toggle"
          label={t("event.joinLabel", { title })}
          describedBy={`${id}-reason`}
          isOn={blocked ? false : isJoining}
          isDisabled={blocked !== null}
          isBusy={pendingJoin !== undefined}
          onChange={onToggleJoin}
        />
      </div>
      <p className={`break-words text-sm font-semibold ${data.isCancelled ? "line-through" : ""}`}>{title}</p>
      <p id={`${id}-reason`} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <PlatformLabel platform={data.meetingPlatform} />
        {blocked && blocked !== "no_meeting_link" ? <span>· {t(`event.blocked.${blocked}`)}</span> : null}
        {blocked === "no_meeting_link" ? <span className="sr-only">{t("event.blocked.no_meeting_link")}</span> : null}
      </p>
      {data.scheduledAt ? (
        <p className="text-xs font-medium text-indigo-700 dark:text-indigo-300" data-testid="event-scheduled">
          {t("event.scheduled", { time: format.time(new Date(data.scheduledAt)) })}
        </p>
      ) : null}
      {data.skipReason ? (
        <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="event-skipped">
          {t(`event.skipped.${data.skipReason}`)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {data.bot ? <EventBotStatus bot={data.bot} /> : null}
        {data.sentBotManually === "sent" ? (
          <span className="text-xs font-medium text-emerald-700 dark:text-emerald-300" data-testid="event-sent">
            {t("event.sent")}
          </span>
        ) : null}
        {canSendNow(event, Date.now()) ? (
          <button type="button" className="btn-secondary px-3 py-1 text-xs" disabled={isSending} onClick={onSendNow}>
            {isSending ? t("event.sending") : t("event.sendNow")}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function PlatformLabel({ platform }: { platform: CalendarEvent["data"]["meetingPlatform"] }) {
  const { t } = useTranslation("calendar");
  return (
    <span className="inline-flex items-center gap-1" data-testid="event-platform" data-platform={platform ?? "none"}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
        {platform ? (
          <path d="M3 7h12v10H3zM15 10l6-3v10l-6-3" strokeLinejoin="round" />
        ) : (
          <path d="M3 7h12v10H3zM15 10l6-3v10l-6-3M2 3l20 18" strokeLinejoin="round" />
        )}
      </svg>
      {platform ? meetingPlatformNames[platform] : t("event.noLink")}
    </span>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "~/app/features/shell/error-message";
import { useLocale, useLocalizedPath } from "~/app/i18n/use-locale";
import { confirm } from "~/app/ui/confirm-store";
import { StatusBadge } from "~/app/ui/status-badge";
import type { MeetingBotView } from "~/shared/meetings/meetings-api";
import type { NoteView } from "~/shared/notes/notes-api";
import {
  canCancelMeeting,
  isFinalMeeting,
  type MeetingCode,
  type MeetingStatus,
  meetingCodes,
  meetingDisplayCode,
} from "~/shared/notes/statuses";
import { canSendAgain, type ExplanationTone, explainMeetingStatus } from "../meeting-explanation";
import { cancelMeetingBot } from "../queries";
import { useMeetingBot } from "../use-meeting-bot";
import { SendAgainButton } from "./send-again-button";

const toneClasses: Record<ExplanationTone, string> = {
  progress: "border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  warning: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
  error: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
};

/**
 * The meeting status chip: the common catalog's `statuses.meeting.*` label in its explanation's colour and
 * icon. A `done` reads as the ending before it ("Could not join" after a fatal error), as the history does.
 */
function MeetingStatusChip({ status, tone }: { status: MeetingStatus; tone: ExplanationTone }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={tone} testId="meeting-status" data={{ code: status.code, subcode: status.subcode ?? "" }}>
      {t(`statuses.meeting.${meetingDisplayCode(status)}`)}
    </StatusBadge>
  );
}

/** Each status the bot reported, oldest first, with its time of day and, where it has one, its reason. */
function MeetingStatusHistory({ history }: { history: MeetingBotView["history"] }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation("meetings");
  const locale = useLocale();
  if (history.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">{tm("panel.history")}</summary>
      <ol className="mt-2 space-y-2" aria-label={tm("panel.history")}>
        {history.map((entry) => {
          const isKnown = (meetingCodes as readonly string[]).includes(entry.code);
          // A subcode names why (the same words as the explanation above); `done` carries none of its own.
          const reason =
            isKnown && entry.subcode ? tm(explainMeetingStatus({ code: entry.code as MeetingCode, subcode: entry.subcode }).key) : null;
          return (
            <li key={`${entry.at}-${entry.code}-${entry.subcode ?? ""}`} className="flex gap-3" data-testid="meeting-history-entry">
              <time dateTime={entry.at} className="shrink-0 tabular-nums text-slate-500 dark:text-slate-400">
                {new Date(entry.at).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" })}
              </time>
              <span className="min-w-0">
                <span className="font-medium">{t(`statuses.meeting.${entry.code}`, { defaultValue: entry.code })}</span>
                {reason ? <span className="block text-slate-600 dark:text-slate-400">{reason}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/**
 * A meeting note's bot (issue 6): where it went, its live status with a plain-language explanation (every
 * fatal, permission-denied and call-ended subcode), who is in the call, its status history with the reason
 * of each status, "Remove notetaker" while the spec allows cancel, and "Send again" after an ending whose
 * cause can go away.
 */
export function MeetingStatusPanel({ note, onChanged }: { note: NoteView; onChanged(note: NoteView): void }) {
  const { t } = useTranslation("meetings");
  const to = useLocalizedPath();
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const meeting = note.data.meeting;
  const bot = useMeetingBot({
    noteId: note.id,
    statusKey: `${meeting?.code ?? ""}/${meeting?.subcode ?? ""}`,
    isActive: meeting ? !isFinalMeeting(meeting.code) : false,
  });
  if (!meeting) return null;
  const explanation = explainMeetingStatus(meeting);
  const details = bot.state === "success" ? bot.details : null;

  const handleCancel = async () => {
    const isConfirmed = await confirm({
      title: t("panel.cancelTitle"),
      message: t("panel.cancelMessage"),
      confirmText: t("panel.cancelConfirm"),
      cancelText: t("panel.cancelKeep"),
    });
    if (!isConfirmed) return;
    setPending(true);
    setProblem(null);
    try {
      onChanged(await cancelMeetingBot(note.id));
    } catch (error) {
      setProblem(errorMessage(error, t("panel.cancelFailed")));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="meeting-panel-title" data-testid="meeting-panel" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="meeting-panel-title" className="text-lg font-semibold">
          {t("panel.title")}
        </h2>
        <MeetingStatusChip status={meeting} tone={explanation.tone} />
      </div>
      <div aria-live="polite" className={`space-y-2 rounded-lg border p-3 text-sm ${toneClasses[explanation.tone]}`}>
        <p data-testid="meeting-explanation">{t(explanation.key)}</p>
        {explanation.hasConnectLink ? (
          <Link to={to("/settings/calendar")} className="inline-block font-medium underline underline-offset-2">
            {t("panel.connectMeetingService")}
          </Link>
        ) : null}
      </div>
      {details ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-500 dark:text-slate-400">{t("panel.platform")}</dt>
          <dd>{t(`platforms.${details.platform}`)}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{t("panel.link")}</dt>
          <dd className="min-w-0 break-all">
            <a
              href={details.meetingUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {details.meetingUrl}
            </a>
          </dd>
          <dt className="text-slate-500 dark:text-slate-400">{t("panel.botName")}</dt>
          <dd>{details.botName}</dd>
          {isFinalMeeting(meeting.code) ? null : (
            <>
              <dt className="text-slate-500 dark:text-slate-400">{t("panel.inCall")}</dt>
              <dd data-testid="meeting-participants">{t("panel.participants", { count: details.participantCount })}</dd>
            </>
          )}
        </dl>
      ) : bot.state === "error" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("panel.detailsFailed")}</p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {details && canSendAgain(meeting) ? <SendAgainButton meetingUrl={details.meetingUrl} language={note.data.language} /> : null}
      {canCancelMeeting(meeting) ? (
        <button type="button" className="btn-secondary" onClick={() => void handleCancel()} disabled={isPending}>
          {isPending ? t("panel.cancelling") : t("panel.cancel")}
        </button>
      ) : null}
      {details ? <MeetingStatusHistory history={details.history} /> : null}
    </section>
  );
}

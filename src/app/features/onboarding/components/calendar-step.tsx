import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { connectCalendar, fetchCalendars } from "~/app/features/calendar/queries";
import { useOAuthReturn } from "~/app/features/calendar/use-oauth-return";
import { formProblem } from "~/app/features/shell/error-message";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { pushAlert } from "~/app/ui/alert-store";
import { StatusBadge } from "~/app/ui/status-badge";
import type { UserPayload } from "~/shared/accounts/user-payload";
import type { CalendarList } from "~/shared/calendars/calendar-api";
import { type CalendarPlatform, calendarPlatforms } from "~/shared/calendars/calendar-platforms";
import { StepActions } from "./step-actions";
import { StepForm } from "./step-form";

/**
 * Step 3: connect Google Calendar or Outlook (issue 18). A button goes through the provider's consent and
 * comes back to this step, which then shows the calendar as connected (the server sets calendarConnected);
 * the user goes on with Continue, or skips. A provider the operator has not set up says so.
 */
export function CalendarStep({
  integrations,
  isSaving,
  onContinue,
}: {
  integrations: UserPayload["integrations"];
  isSaving: boolean;
  onContinue(): void;
}) {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation("calendar");
  const to = useLocalizedPath();
  const [list, setList] = useState<CalendarList | null>(null);
  const [connecting, setConnecting] = useState<CalendarPlatform | null>(null);
  useOAuthReturn();

  useEffect(() => {
    const controller = new AbortController();
    // Silent on failure (spec section 8): the buttons stay, the server answers for itself when pressed.
    fetchCalendars(controller.signal)
      .then(setList)
      .catch(() => {});
    return () => controller.abort();
  }, []);

  const connect = async (platform: CalendarPlatform) => {
    setConnecting(platform);
    try {
      const { authorizationUrl } = await connectCalendar(platform, to("/onboarding/start"));
      window.location.assign(authorizationUrl);
    } catch (error) {
      setConnecting(null);
      const problem = formProblem(error, tc("connection.connectFailed", { provider: tc(`providers.${platform}`) }));
      if (problem) pushAlert({ type: "error", message: problem });
    }
  };

  const stateOf = (platform: CalendarPlatform) => {
    const connection = list?.calendars.find((calendar) => calendar.data.platform === platform) ?? null;
    if (connection) return { status: connection.data.status, email: connection.data.accountEmail };
    if (!list && integrations[platform]) return { status: "active" as const, email: null };
    if (list && !list.available.includes(platform)) return { status: "unavailable" as const, email: null };
    return { status: "disconnected" as const, email: null };
  };
  const isAnyConnected = calendarPlatforms.some((platform) => stateOf(platform).status === "active");

  return (
    <StepForm title={t("onboarding.calendar.title")} body={t("onboarding.calendar.body")} onContinue={onContinue}>
      <ul className="space-y-3">
        {calendarPlatforms.map((platform) => {
          const name = tc(`providers.${platform}`);
          const { status, email } = stateOf(platform);
          return (
            <li key={platform} data-testid={`onboarding-${platform}`} data-state={status}>
              {status === "active" ? (
                <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-4 py-2 dark:border-slate-700">
                  <span className="text-sm font-semibold">{name}</span>
                  <StatusBadge tone="success">{email ? tc("onboarding.connectedAs", { email }) : tc("onboarding.connected")}</StatusBadge>
                </div>
              ) : (
                <button
                  type="button"
                  className="btn-secondary w-full justify-between"
                  disabled={status === "unavailable" || connecting !== null}
                  onClick={() => void connect(platform)}
                >
                  <span>
                    {status === "reconnect" ? tc("connection.reconnect", { provider: name }) : tc("connection.connect", { provider: name })}
                  </span>
                  {status === "unavailable" ? (
                    <span className="text-xs font-medium text-slate-500 dark:text-slate-400">{tc("onboarding.unavailable")}</span>
                  ) : null}
                  {connecting === platform ? <span className="text-xs">{tc("connection.connecting", { provider: name })}</span> : null}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <StepActions isSaving={isSaving} label={isAnyConnected ? tc("onboarding.continue") : t("onboarding.calendar.later")} />
    </StepForm>
  );
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarPreferences } from "~/shared/calendars/calendar-api";
import { recapRecipientChoices, type SyncMode } from "~/shared/calendars/calendar-platforms";
import type { PreferenceKey } from "../use-calendar-settings";
import { ToggleSwitch } from "./toggle-switch";

/**
 * spec section 2 "Calendar view": the auto-join and send-notes toggles, each with its loading state (a
 * save in flight) and its pending value (shown at once, put back if the save fails); the recap's
 * recipients (interpretations 30); and how events stay fresh.
 */
export function PreferenceToggles({
  preferences,
  saving,
  syncMode,
  pollMinutes,
  onChange,
}: {
  preferences: CalendarPreferences;
  saving: ReadonlySet<PreferenceKey>;
  syncMode: SyncMode;
  pollMinutes: number;
  onChange<Key extends PreferenceKey>(key: Key, value: CalendarPreferences[Key]): void;
}) {
  const { t } = useTranslation("calendar");
  const id = useId();
  return (
    <div className="card space-y-5 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium">{t("preferences.autoJoin")}</p>
          <p id={`${id}-auto`} className="text-sm text-slate-600 dark:text-slate-400">
            {saving.has("autoJoin") ? t("preferences.saving") : t("preferences.autoJoinHelp")}
          </p>
        </div>
        <ToggleSwitch
          testId="auto-join-toggle"
          label={t("preferences.autoJoin")}
          describedBy={`${id}-auto`}
          isOn={preferences.autoJoin}
          isBusy={saving.has("autoJoin")}
          onChange={(next) => onChange("autoJoin", next)}
        />
      </div>
      <div className="space-y-3">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-medium">{t("preferences.sendNotes")}</p>
            <p id={`${id}-notes`} className="text-sm text-slate-600 dark:text-slate-400">
              {saving.has("sendNotes") ? t("preferences.saving") : t("preferences.sendNotesHelp")}
            </p>
          </div>
          <ToggleSwitch
            testId="send-notes-toggle"
            label={t("preferences.sendNotes")}
            describedBy={`${id}-notes`}
            isOn={preferences.sendNotes}
            isBusy={saving.has("sendNotes")}
            onChange={(next) => onChange("sendNotes", next)}
          />
        </div>
        {preferences.sendNotes ? (
          <fieldset className="space-y-2" disabled={saving.has("recapRecipients")} aria-busy={saving.has("recapRecipients")}>
            <legend className="text-sm font-medium">{t("preferences.recipients")}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {recapRecipientChoices.map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-recipients`}
                    value={choice}
                    checked={preferences.recapRecipients === choice}
                    onChange={() => onChange("recapRecipients", choice)}
                    className="size-4 accent-indigo-600"
                  />
                  {t(choice === "owner" ? "preferences.recipientsOwner" : "preferences.recipientsAttendees")}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
      </div>
      <p
        className="border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400"
        data-testid="sync-mode"
      >
        {syncMode === "push" ? t("sync.push") : t("sync.polling", { minutes: pollMinutes })}
      </p>
    </div>
  );
}

import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/api-client";
import { useLocalizedPath } from "../../../i18n/use-locale";
import { requestEmailChange } from "../../shell/user-queries";
import { changeEmailInput, firstErrorCode } from "../settings-schemas";
import { SettingsSection } from "./settings-section";

/** The auth library mails a link to the new address; the address changes when that link is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation("account");
  const to = useLocalizedPath();
  const fieldId = useId();
  const [newEmail, setNewEmail] = useState("");
  const [isSending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = changeEmailInput(currentEmail).safeParse({ newEmail });
    if (!parsed.success) {
      setProblem(t(`settings.errors.${firstErrorCode(parsed.error)}`));
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      await requestEmailChange({ newEmail: parsed.data.newEmail, callbackURL: to("/settings/email") });
      setSentTo(parsed.data.newEmail);
      setNewEmail("");
    } catch (error) {
      // The auth library answers 429 when the change-email rate limit is reached.
      const isRateLimited = error instanceof ApiError && error.status === 429;
      setProblem(t(isRateLimited ? "settings.errors.tooManyRequests" : "settings.email.failed"));
    } finally {
      setSending(false);
    }
  };

  return (
    <SettingsSection title={t("settings.email.changeTitle")} description={t("settings.email.changeDescription")}>
      {sentTo && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {t("settings.email.checkInbox", { email: sentTo })}
        </p>
      )}
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={fieldId} className="block text-sm font-medium">
            {t("settings.email.newLabel")}
          </label>
          <input
            id={fieldId}
            type="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            autoComplete="email"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${fieldId}-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={isSending}>
          {t("settings.email.send")}
        </button>
      </form>
      {problem && (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </SettingsSection>
  );
}

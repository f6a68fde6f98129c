import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/app/api/api-client";
import { requestEmailChange } from "~/app/features/auth/queries";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { TextInput } from "~/app/ui/text-input";
import { changeEmailInput, firstErrorCode } from "../settings-schemas";
import { SettingsFieldForm } from "./settings-field-form";
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
      <SettingsFieldForm
        fieldId={fieldId}
        label={t("settings.email.newLabel")}
        submitLabel={t("settings.email.send")}
        isBusy={isSending}
        problem={problem}
        problemId={`${fieldId}-error`}
        noValidate
        onSubmit={handleSubmit}
      >
        <TextInput
          id={fieldId}
          type="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          autoComplete="email"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-error` : undefined}
          className="mt-1 block w-full px-3 py-2"
        />
      </SettingsFieldForm>
    </SettingsSection>
  );
}

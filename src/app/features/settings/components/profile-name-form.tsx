import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateAccount } from "~/app/features/shell/account-store";
import { errorMessage } from "~/app/features/shell/error-message";
import { saveUser } from "~/app/features/shell/queries";
import { pushAlert } from "~/app/ui/alert-store";
import { TextInput } from "~/app/ui/text-input";
import type { UserPayload } from "~/shared/accounts/user-payload";
import { firstErrorCode, nameInput } from "../settings-schemas";
import { SettingsFieldForm } from "./settings-field-form";
import { SettingsSection } from "./settings-section";

export function ProfileNameForm({ user, onSaved }: { user: UserPayload; onSaved(user: UserPayload): void }) {
  const { t } = useTranslation("account");
  const fieldId = useId();
  const [name, setName] = useState(user.name);
  const [isSaving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = nameInput.safeParse({ name });
    if (!parsed.success) {
      setProblem(t(`settings.errors.${firstErrorCode(parsed.error)}`));
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await saveUser({ name: parsed.data.name });
      updateAccount(saved.userId, { name: saved.name });
      setName(saved.name);
      onSaved(saved);
      pushAlert({ type: "success", message: { key: "account:settings.name.saved" } });
    } catch (error) {
      setProblem(errorMessage(error, t("settings.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection title={t("settings.name.title")}>
      <SettingsFieldForm
        fieldId={fieldId}
        label={t("settings.name.label")}
        submitLabel={t("settings.name.save")}
        isBusy={isSaving}
        problem={problem}
        problemId={`${fieldId}-error`}
        noValidate
        onSubmit={handleSubmit}
      >
        <TextInput
          id={fieldId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-error` : undefined}
          className="mt-1 block w-full px-3 py-2"
        />
      </SettingsFieldForm>
    </SettingsSection>
  );
}

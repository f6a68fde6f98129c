import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { updateAccount } from "~/app/features/shell/account-store";
import { errorMessage } from "~/app/features/shell/error-message";
import { saveUser } from "~/app/features/shell/queries";
import { useLocale } from "~/app/i18n/use-locale";
import { pushAlert } from "~/app/ui/alert-store";
import { SelectInput } from "~/app/ui/select-input";
import type { UserPayload } from "~/shared/accounts/user-payload";
import { isLocale, type Locale, localizePath } from "~/shared/i18n/locales";
import { interfaceLanguageNames, interfaceLanguages, rememberInterfaceLanguage } from "../interface-language";
import { SettingsFieldForm } from "./settings-field-form";
import { SettingsSection } from "./settings-section";

/** Saves the interface language on the account and switches this page to it. */
export function ProfileLanguageForm({ user }: { user: UserPayload }) {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const navigate = useNavigate();
  const fieldId = useId();
  const [language, setLanguage] = useState<Locale>(user.settings.language ?? locale);
  const [isSaving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaving(true);
    try {
      const saved = await saveUser({ settings: { language } });
      updateAccount(saved.userId, { language });
      rememberInterfaceLanguage(language);
      pushAlert({ type: "success", message: { key: "account:settings.language.saved" } });
      if (language !== locale) navigate(localizePath("/settings/profile", language));
    } catch (error) {
      setProblem(errorMessage(error, t("settings.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection title={t("settings.language.title")} description={t("settings.language.description")}>
      <SettingsFieldForm
        fieldId={fieldId}
        label={t("settings.language.label")}
        submitLabel={t("settings.language.save")}
        isBusy={isSaving}
        problem={problem}
        onSubmit={handleSubmit}
      >
        <SelectInput
          id={fieldId}
          value={language}
          onChange={(event) => {
            if (isLocale(event.target.value)) setLanguage(event.target.value);
          }}
          className="mt-1 block w-full px-3 py-2"
        >
          {interfaceLanguages.map((code) => (
            <option key={code} value={code}>
              {interfaceLanguageNames[code]}
            </option>
          ))}
        </SelectInput>
      </SettingsFieldForm>
    </SettingsSection>
  );
}

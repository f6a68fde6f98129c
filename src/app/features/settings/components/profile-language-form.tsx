import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { UserPayload } from "../../../../shared/accounts/user-payload";
import { isLocale, type Locale, localizePath } from "../../../../shared/i18n/locales";
import { useLocale } from "../../../i18n/use-locale";
import { pushAlert } from "../../../ui/alert-store";
import { updateAccount } from "../../shell/account-store";
import { errorMessage } from "../../shell/error-message";
import { saveUser } from "../../shell/user-queries";
import { interfaceLanguageNames, interfaceLanguages, rememberInterfaceLanguage } from "../interface-language";
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
      <form onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={fieldId} className="block text-sm font-medium">
            {t("settings.language.label")}
          </label>
          <select
            id={fieldId}
            value={language}
            onChange={(event) => {
              if (isLocale(event.target.value)) setLanguage(event.target.value);
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
          >
            {interfaceLanguages.map((code) => (
              <option key={code} value={code}>
                {interfaceLanguageNames[code]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={isSaving}>
          {t("settings.language.save")}
        </button>
      </form>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </SettingsSection>
  );
}

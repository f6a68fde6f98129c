import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isLocale, type Locale } from "../../../../shared/i18n/locales";
import { useLocale } from "../../../i18n/use-locale";
import { interfaceLanguageNames, interfaceLanguages, languageName, meetingLanguages } from "../../settings/interface-language";
import { StepActions } from "./step-actions";

/** Step 2: the language people speak in their meetings and the language of the interface. */
export function LanguageStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(language: Locale, meetingLanguage: string): void }) {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const [meetingLanguage, setMeetingLanguage] = useState("auto");
  const [language, setLanguage] = useState<Locale>(locale);
  const selectClass =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800";
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue(language, meetingLanguage);
      }}
    >
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("onboarding.language.title")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("onboarding.language.body")}</p>
      </div>
      <label className="block text-sm font-medium">
        {t("onboarding.language.meetingLanguage")}
        <select value={meetingLanguage} onChange={(event) => setMeetingLanguage(event.target.value)} className={selectClass}>
          <option value="auto">{t("onboarding.language.autoDetect")}</option>
          {meetingLanguages.map((code) => (
            <option key={code} value={code}>
              {languageName(code, locale)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t("onboarding.language.interfaceLanguage")}
        <select
          value={language}
          onChange={(event) => {
            if (isLocale(event.target.value)) setLanguage(event.target.value);
          }}
          className={selectClass}
        >
          {interfaceLanguages.map((code) => (
            <option key={code} value={code}>
              {interfaceLanguageNames[code]}
            </option>
          ))}
        </select>
      </label>
      <StepActions isSaving={isSaving} label={t("onboarding.continue")} />
    </form>
  );
}

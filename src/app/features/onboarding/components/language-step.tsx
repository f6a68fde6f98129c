import { useState } from "react";
import { useTranslation } from "react-i18next";
import { interfaceLanguageNames, interfaceLanguages, languageName, meetingLanguages } from "~/app/features/settings/interface-language";
import { useLocale } from "~/app/i18n/use-locale";
import { SelectInput } from "~/app/ui/select-input";
import { isLocale, type Locale } from "~/shared/i18n/locales";
import { StepActions } from "./step-actions";
import { StepForm } from "./step-form";

/** Step 2: the language people speak in their meetings and the language of the interface. */
export function LanguageStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(language: Locale, meetingLanguage: string): void }) {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const [meetingLanguage, setMeetingLanguage] = useState("auto");
  const [language, setLanguage] = useState<Locale>(locale);
  const selectLayout = "mt-1 block w-full px-3 py-2";
  return (
    <StepForm
      title={t("onboarding.language.title")}
      body={t("onboarding.language.body")}
      onContinue={() => onContinue(language, meetingLanguage)}
    >
      <label className="block text-sm font-medium">
        {t("onboarding.language.meetingLanguage")}
        <SelectInput value={meetingLanguage} onChange={(event) => setMeetingLanguage(event.target.value)} className={selectLayout}>
          <option value="auto">{t("onboarding.language.autoDetect")}</option>
          {meetingLanguages.map((code) => (
            <option key={code} value={code}>
              {languageName(code, locale)}
            </option>
          ))}
        </SelectInput>
      </label>
      <label className="block text-sm font-medium">
        {t("onboarding.language.interfaceLanguage")}
        <SelectInput
          value={language}
          onChange={(event) => {
            if (isLocale(event.target.value)) setLanguage(event.target.value);
          }}
          className={selectLayout}
        >
          {interfaceLanguages.map((code) => (
            <option key={code} value={code}>
              {interfaceLanguageNames[code]}
            </option>
          ))}
        </SelectInput>
      </label>
      <StepActions isSaving={isSaving} label={t("onboarding.continue")} />
    </StepForm>
  );
}

import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "~/app/features/notes/components/language-select";
import { interfaceLanguageNames, interfaceLanguages } from "~/app/features/settings/interface-language";
import { useLocale } from "~/app/i18n/use-locale";
import { SelectInput } from "~/app/ui/select-input";
import { isLocale, type Locale } from "~/shared/i18n/locales";
import { StepActions } from "./step-actions";
import { StepForm } from "./step-form";

/** Step 2: the language people speak in their meetings and the language of the interface. */
export function LanguageStep({ isSaving, onContinue }: { isSaving: boolean; onContinue(language: Locale, meetingLanguage: string): void }) {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const id = useId();
  const [meetingLanguage, setMeetingLanguage] = useState("auto");
  const [language, setLanguage] = useState<Locale>(locale);
  const selectLayout = "mt-1 block w-full px-3 py-2";
  return (
    <StepForm
      title={t("onboarding.language.title")}
      body={t("onboarding.language.body")}
      onContinue={() => onContinue(language, meetingLanguage)}
    >
      {/* Only the languages this server's speech engine transcribes (issue 17). */}
      <LanguageSelect
        id={`${id}-meeting-language`}
        label={t("onboarding.language.meetingLanguage")}
        value={meetingLanguage}
        onChange={setMeetingLanguage}
        autoValue="auto"
        className={selectLayout}
      />
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

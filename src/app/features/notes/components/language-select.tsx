import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { languageName } from "~/app/features/settings/interface-language";
import { useLocale } from "~/app/i18n/use-locale";
import { SelectInput } from "~/app/ui/select-input";
import { spokenLanguageMenu } from "../spoken-language-menu";
import { useTranscriptionLanguages } from "../transcription-languages-store";

/**
 * The spoken language of a recording, upload or meeting: only what the server's speech engine transcribes
 * (names from the browser, in the page's language). `autoValue` stands for "detect automatically".
 */
export function LanguageSelect({
  id,
  value,
  onChange,
  label,
  autoValue = "",
  className = "w-full px-3 py-2 sm:w-auto",
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  label?: string;
  autoValue?: string;
  className?: string;
}) {
  const { t } = useTranslation("notes");
  const locale = useLocale();
  const { data: offered, errorKey } = useTranscriptionLanguages();
  const menu = spokenLanguageMenu(offered, value, autoValue);
  const hintId = `${id}-hint`;
  // Mid-sentence, as the browser writes it ("inglés", not "Inglés").
  const hint = menu.onlyLanguage
    ? t("upload.onlyLanguage", { language: new Intl.DisplayNames([locale], { type: "language" }).of(menu.onlyLanguage) })
    : errorKey
      ? t(errorKey)
      : null;
  // The form sends what the menu shows: never a language the engine cannot do.
  useEffect(() => {
    if (offered && menu.shown !== value) onChange(menu.shown);
  }, [offered, menu.shown, value, onChange]);
  if (menu.isEmpty) return null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label ?? t("upload.language")}
      </label>
      <SelectInput
        id={id}
        value={menu.shown}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
        className={className}
      >
        {menu.canDetect ? <option value={autoValue}>{t("upload.autoDetect")}</option> : null}
        {menu.languages.map((code) => (
          <option key={code} value={code}>
            {languageName(code, locale)}
          </option>
        ))}
      </SelectInput>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

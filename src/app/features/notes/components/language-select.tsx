import { useTranslation } from "react-i18next";
import { SelectInput } from "~/app/ui/select-input";

/** Spoken languages offered for transcription; names come from the browser in the reader's language. */
const spokenLanguages = ["en", "es", "pt", "fr", "de", "it", "nl"] as const;

export function LanguageSelect({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t, i18n } = useTranslation("notes");
  const names = new Intl.DisplayNames([i18n.language], { type: "language" });
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("upload.language")}
      </label>
      <SelectInput id={id} value={value} onChange={(event) => onChange(event.target.value)} className="w-full px-3 py-2 sm:w-auto">
        <option value="">{t("upload.autoDetect")}</option>
        {spokenLanguages.map((code) => (
          <option key={code} value={code}>
            {names.of(code) ?? code}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}

import { useTranslation } from "react-i18next";

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
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:w-auto dark:border-slate-700 dark:bg-slate-950"
      >
        <option value="">{t("upload.autoDetect")}</option>
        {spokenLanguages.map((code) => (
          <option key={code} value={code}>
            {names.of(code) ?? code}
          </option>
        ))}
      </select>
    </div>
  );
}

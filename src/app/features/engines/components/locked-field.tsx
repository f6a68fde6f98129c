import { useTranslation } from "react-i18next";

/** A setting the server's environment sets: shown, never editable here (the environment wins). */
export function LockedField({ label, variable, value }: { label: string; variable: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`locked-${variable}`}>
      <p className="text-sm font-medium">{label}</p>
      {value !== null && <p className="break-all font-mono text-sm">{value}</p>}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("adminEngines.form.lockedBy", { variable })}</p>
    </div>
  );
}

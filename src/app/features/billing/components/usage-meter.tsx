import { useTranslation } from "react-i18next";
import { useLocale } from "~/app/i18n/use-locale";
import { ProgressBar } from "~/app/ui/progress-bar";

/** One usage line of the billing page: used against the plan's limit, or "Unlimited" (null limit). */
export function UsageMeter({ label, used, limit, testId }: { label: string; used: number; limit: number | null; testId: string }) {
  const { t } = useTranslation("billing");
  const numbers = new Intl.NumberFormat(useLocale());
  const percent = limit === null ? 0 : limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {limit === null
            ? t("settings.usedUnlimited", { used: numbers.format(used) })
            : t("settings.usedOf", { used: numbers.format(used), limit: numbers.format(limit) })}
        </span>
      </div>
      {limit === null ? null : <ProgressBar label={label} percent={percent} />}
    </div>
  );
}

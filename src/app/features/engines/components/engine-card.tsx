import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/app/ui/status-badge";
import type { EngineHealthState, EngineInfo } from "~/shared/engines/engines-api";

const healthTones: Record<EngineHealthState, StatusTone> = {
  ok: "success",
  unreachable: "error",
  error: "error",
  missing: "warning",
  off: "neutral",
};

/**
 * One AI capability: what runs it, where that choice comes from, whether it works, and how to change it.
 * The health detail (a URL, a file, the server's answer) is shown when something is there to check; an
 * engine that is off is explained by the translated "how to change it" line instead.
 */
export function EngineCard({ info }: { info: EngineInfo }) {
  const { t } = useTranslation();
  const languages = info.languages === null ? null : info.languages === "any" ? t("adminEngines.languagesAny") : info.languages.join(", ");
  const source =
    info.source.kind === "environment"
      ? t("adminEngines.sourceEnvironment", { variables: info.source.variables.join(", ") })
      : t("adminEngines.sourceDefault");
  return (
    <section data-testid={`engine-${info.capability}`} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t(`adminEngines.capability.${info.capability}`)}</h2>
        <StatusBadge tone={healthTones[info.health.state]} testId="engine-health" data={{ state: info.health.state }}>
          {t(`adminEngines.health.${info.health.state}`)}
        </StatusBadge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">{t("adminEngines.engine")}</dt>
        <dd className="break-all font-mono" data-testid="engine-id">
          {info.engine}
        </dd>
        {info.model !== null && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t("adminEngines.model")}</dt>
            <dd className="break-all">{info.model}</dd>
          </>
        )}
        {languages !== null && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t("adminEngines.languages")}</dt>
            <dd data-testid="engine-languages">{languages}</dd>
          </>
        )}
      </dl>
      <p className="text-sm font-medium" data-testid="engine-source">
        {source}
      </p>
      {info.health.detail !== null && info.health.state !== "off" && (
        <p className="break-all text-xs text-slate-500 dark:text-slate-400">{info.health.detail}</p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t(`adminEngines.howTo.${info.capability}`)}</p>
    </section>
  );
}

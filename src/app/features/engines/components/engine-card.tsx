import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusBadge, type StatusTone } from "~/app/ui/status-badge";
import { type ConfigurableCapability, configurableCapabilities } from "~/shared/engines/engine-settings-api";
import type { EngineHealthState, EngineInfo } from "~/shared/engines/engines-api";
import { EngineSettingsForm } from "./engine-settings-form";

const healthTones: Record<EngineHealthState, StatusTone> = {
  ok: "success",
  unreachable: "error",
  error: "error",
  missing: "warning",
  off: "neutral",
};

function isConfigurable(capability: string): capability is ConfigurableCapability {
  return (configurableCapabilities as readonly string[]).includes(capability);
}

/**
 * One AI capability: what runs it, where that choice comes from, whether it works, and how to change it
 * ("Change" opens the form where the capability has settings). The health detail (a URL, a file, the
 * server's answer) is shown when something is there to check; an engine that is off is explained by the
 * translated "how to change it" line instead.
 */
export function EngineCard({ info, onChanged }: { info: EngineInfo; onChanged(engines: EngineInfo[]): void }) {
  const { t, i18n } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const languages = info.languages === null ? null : info.languages === "any" ? t("adminEngines.languagesAny") : info.languages.join(", ");
  const source =
    info.source.kind === "environment"
      ? t("adminEngines.sourceEnvironment", { variables: info.source.variables.join(", ") })
      : info.source.kind === "database"
        ? t("adminEngines.sourceDatabase", {
            who: info.source.updatedBy ?? t("adminEngines.someAdmin"),
            when: info.source.updatedAt ? new Date(info.source.updatedAt).toLocaleString(i18n.language) : "",
          })
        : t("adminEngines.sourceDefault");
  const capability = info.capability;
  const canChange = isConfigurable(capability) && info.settings !== null;
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
      <p className="text-sm font-medium" data-testid="engine-source" data-kind={info.source.kind}>
        {source}
      </p>
      {info.lockedVariables.length > 0 && (
        <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="engine-locked">
          {t("adminEngines.lockedVariables", { variables: info.lockedVariables.join(", ") })}
        </p>
      )}
      {info.health.detail !== null && info.health.state !== "off" && (
        <p className="break-all text-xs text-slate-500 dark:text-slate-400">{info.health.detail}</p>
      )}
      {!isEditing && <p className="text-sm text-slate-600 dark:text-slate-300">{t(`adminEngines.howTo.${info.capability}`)}</p>}
      {canChange && !isEditing && (
        <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
          {t("adminEngines.change")}
        </button>
      )}
      {canChange && isEditing && (
        <EngineSettingsForm
          capability={capability}
          info={info}
          onCancel={() => setEditing(false)}
          onSaved={(engines) => {
            setEditing(false);
            onChanged(engines);
          }}
        />
      )}
    </section>
  );
}

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/app/api/api-client";
import { SelectInput } from "~/app/ui/select-input";
import { TextInput } from "~/app/ui/text-input";
import {
  type ConfigurableCapability,
  type EndpointKind,
  languageModelChoices,
  type SaveEngineSettings,
  settingVariables,
  speechEngineChoices,
} from "~/shared/engines/engine-settings-api";
import type { EngineInfo } from "~/shared/engines/engines-api";
import { resetEngineSettings, saveEngineSettings } from "../queries";
import { ConnectionTest } from "./connection-test";
import { EndpointFields, type EndpointValues } from "./endpoint-fields";
import { LockedField } from "./locked-field";

// One capability's change form (issue 19): the engine, and for an OpenAI-compatible one its endpoint with
// "Test connection". Only what the environment does not set is editable; a blank API key keeps the stored one.

const endpointKinds: Record<ConfigurableCapability, EndpointKind> = {
  transcription: "transcription",
  notes: "chat",
  ask: "chat",
  embeddings: "embeddings",
};

interface EngineSettingsFormProps {
  capability: ConfigurableCapability;
  info: EngineInfo;
  onSaved(engines: EngineInfo[]): void;
  onCancel(): void;
}

export function EngineSettingsForm({ capability, info, onSaved, onCancel }: EngineSettingsFormProps) {
  const { t } = useTranslation();
  const variables: Record<string, string> = settingVariables[capability];
  const lockedVariable = (field: string): string | undefined => {
    const name = variables[field];
    return name && info.lockedVariables.includes(name) ? name : undefined;
  };
  const initial = info.settings?.values ?? {};
  const [engine, setEngine] = useState(initial.engine ?? "auto");
  const [endpoint, setEndpoint] = useState<EndpointValues>({ baseUrl: initial.baseUrl ?? "", apiKey: "", model: initial.model ?? "" });
  const [languages, setLanguages] = useState(initial.languages ?? "");
  const [contextTokens, setContextTokens] = useState(initial.contextTokens ?? "");
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const idPrefix = `engine-${capability}`;
  const hasEngineChoice = capability !== "embeddings";
  const engineChoices: readonly string[] = capability === "transcription" ? speechEngineChoices : languageModelChoices;
  // `auto` takes an endpoint when one is given, so its fields stay open there too.
  const usesEndpoint = !hasEngineChoice || engine === "openai" || engine === "auto";

  function body(): SaveEngineSettings {
    const editable = (field: string) => lockedVariable(field) === undefined;
    const text = (value: string) => (value.trim() === "" ? null : value.trim());
    const pick = <T,>(field: string, value: T) => (editable(field) ? { [field]: value } : {});
    const endpointValues = usesEndpoint
      ? { ...pick("baseUrl", text(endpoint.baseUrl)), ...pick("apiKey", endpoint.apiKey.trim()), ...pick("model", text(endpoint.model)) }
      : {};
    if (capability === "embeddings") return { capability, values: endpointValues };
    if (capability === "transcription") {
      return {
        capability,
        values: {
          ...pick("engine", engine as (typeof speechEngineChoices)[number]),
          ...endpointValues,
          ...(usesEndpoint ? pick("languages", text(languages)) : {}),
        },
      };
    }
    const tokens = text(contextTokens);
    return {
      capability,
      values: {
        ...pick("engine", engine as (typeof languageModelChoices)[number]),
        ...endpointValues,
        ...pick("contextTokens", tokens === null ? null : Number(tokens)),
      },
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await saveEngineSettings(body()));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t("adminEngines.form.saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await resetEngineSettings(capability));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t("adminEngines.form.saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  const engineLock = lockedVariable("engine");
  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800" data-testid="engine-settings-form">
      {hasEngineChoice &&
        (engineLock ? (
          <LockedField label={t("adminEngines.engine")} variable={engineLock} value={engine} />
        ) : (
          <div>
            <label htmlFor={`${idPrefix}-engine`} className="block text-sm font-medium">
              {t("adminEngines.engine")}
            </label>
            <SelectInput
              id={`${idPrefix}-engine`}
              name="engine"
              className="mt-1 w-full"
              value={engine}
              onChange={(e) => setEngine(e.target.value)}
            >
              {engineChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`adminEngines.form.choice.${choice}`)}
                </option>
              ))}
            </SelectInput>
          </div>
        ))}
      {usesEndpoint && (
        <>
          <EndpointFields
            idPrefix={idPrefix}
            values={endpoint}
            onChange={setEndpoint}
            locked={{ baseUrl: lockedVariable("baseUrl"), apiKey: lockedVariable("apiKey"), model: lockedVariable("model") }}
            hasStoredKey={info.settings?.apiKey === "set"}
          />
          {capability === "transcription" &&
            (lockedVariable("languages") ? (
              <LockedField
                label={t("adminEngines.form.languages")}
                variable={lockedVariable("languages") ?? ""}
                value={languages || null}
              />
            ) : (
              <div>
                <label htmlFor={`${idPrefix}-languages`} className="block text-sm font-medium">
                  {t("adminEngines.form.languages")}
                </label>
                <TextInput
                  id={`${idPrefix}-languages`}
                  name="languages"
                  className="mt-1 w-full"
                  placeholder="en,es,pt"
                  value={languages}
                  onChange={(e) => setLanguages(e.target.value)}
                />
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("adminEngines.form.languagesHint")}</p>
              </div>
            ))}
          <ConnectionTest kind={endpointKinds[capability]} values={endpoint} />
        </>
      )}
      {(capability === "notes" || capability === "ask") &&
        (lockedVariable("contextTokens") ? (
          <LockedField
            label={t("adminEngines.form.contextTokens")}
            variable={lockedVariable("contextTokens") ?? ""}
            value={contextTokens}
          />
        ) : (
          <div>
            <label htmlFor={`${idPrefix}-context`} className="block text-sm font-medium">
              {t("adminEngines.form.contextTokens")}
            </label>
            <TextInput
              id={`${idPrefix}-context`}
              name="contextTokens"
              type="number"
              min={1024}
              inputMode="numeric"
              className="mt-1 w-full"
              value={contextTokens}
              onChange={(e) => setContextTokens(e.target.value)}
            />
          </div>
        ))}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={isBusy}>
          {t("adminEngines.form.save")}
        </button>
        <button type="button" className="btn-secondary" disabled={isBusy} onClick={onCancel}>
          {t("adminEngines.form.cancel")}
        </button>
        {info.source.kind === "database" && (
          <button type="button" className="btn-secondary" disabled={isBusy} onClick={() => void reset()}>
            {t("adminEngines.form.reset")}
          </button>
        )}
      </div>
    </form>
  );
}

import { useTranslation } from "react-i18next";
import { TextInput } from "~/app/ui/text-input";
import { LockedField } from "./locked-field";

// An OpenAI-compatible endpoint's fields: base URL (with the common servers as presets), API key (sealed on
// the server, never shown again: blank keeps it), model name. A field the environment sets is read-only.

export const endpointPresets = [
  { id: "openai", url: "https://api.openai.com/v1" },
  { id: "ollama", url: "http://127.0.0.1:11434/v1" },
  { id: "vllm", url: "http://127.0.0.1:8000/v1" },
  { id: "llamaCpp", url: "http://127.0.0.1:8080/v1" },
] as const;

export interface EndpointValues {
  baseUrl: string;
  apiKey: string;
  model: string;
}

interface EndpointFieldsProps {
  idPrefix: string;
  values: EndpointValues;
  onChange(values: EndpointValues): void;
  /** The variable behind each field when the environment sets it. */
  locked: { baseUrl?: string; apiKey?: string; model?: string };
  hasStoredKey: boolean;
}

export function EndpointFields({ idPrefix, values, onChange, locked, hasStoredKey }: EndpointFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<EndpointValues>) => onChange({ ...values, ...patch });
  return (
    <div className="space-y-3">
      {locked.baseUrl ? (
        <LockedField label={t("adminEngines.form.baseUrl")} variable={locked.baseUrl} value={values.baseUrl || null} />
      ) : (
        <div>
          <label htmlFor={`${idPrefix}-base-url`} className="block text-sm font-medium">
            {t("adminEngines.form.baseUrl")}
          </label>
          <TextInput
            id={`${idPrefix}-base-url`}
            name="baseUrl"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className="mt-1 w-full"
            placeholder="http://127.0.0.1:11434/v1"
            value={values.baseUrl}
            onChange={(event) => set({ baseUrl: event.target.value })}
          />
          <fieldset className="mt-2 flex flex-wrap gap-2" aria-label={t("adminEngines.form.presets")}>
            {endpointPresets.map((preset) => (
              <button
                key={preset.id}
                type="button"
                className="btn-secondary px-2 py-1 text-xs"
                aria-pressed={values.baseUrl === preset.url}
                onClick={() => set({ baseUrl: preset.url })}
              >
                {t(`adminEngines.form.preset.${preset.id}`)}
              </button>
            ))}
          </fieldset>
        </div>
      )}
      {locked.apiKey ? (
        <LockedField label={t("adminEngines.form.apiKey")} variable={locked.apiKey} value={null} />
      ) : (
        <div>
          <label htmlFor={`${idPrefix}-api-key`} className="block text-sm font-medium">
            {t("adminEngines.form.apiKey")}
          </label>
          <TextInput
            id={`${idPrefix}-api-key`}
            name="apiKey"
            type="password"
            autoComplete="new-password"
            className="mt-1 w-full"
            value={values.apiKey}
            aria-describedby={`${idPrefix}-api-key-hint`}
            onChange={(event) => set({ apiKey: event.target.value })}
          />
          <p id={`${idPrefix}-api-key-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {hasStoredKey ? t("adminEngines.form.apiKeyStored") : t("adminEngines.form.apiKeyHint")}
          </p>
        </div>
      )}
      {locked.model ? (
        <LockedField label={t("adminEngines.form.model")} variable={locked.model} value={values.model || null} />
      ) : (
        <div>
          <label htmlFor={`${idPrefix}-model`} className="block text-sm font-medium">
            {t("adminEngines.form.model")}
          </label>
          <TextInput
            id={`${idPrefix}-model`}
            name="model"
            autoComplete="off"
            spellCheck={false}
            className="mt-1 w-full"
            value={values.model}
            onChange={(event) => set({ model: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}

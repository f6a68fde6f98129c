import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/app/api/api-client";
import type { EndpointKind, TestConnectionResponse } from "~/shared/engines/engine-settings-api";
import { testConnection } from "../queries";
import type { EndpointValues } from "./endpoint-fields";

/** "Test connection": the endpoint's model list and one tiny request, answered with what went right or wrong. */
export function ConnectionTest({ kind, values }: { kind: EndpointKind; values: EndpointValues }) {
  const { t } = useTranslation();
  const [isTesting, setTesting] = useState(false);
  const [result, setResult] = useState<TestConnectionResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canTest = values.baseUrl.trim() !== "" && values.model.trim() !== "";

  async function run() {
    setTesting(true);
    setResult(null);
    setProblem(null);
    try {
      const apiKey = values.apiKey.trim();
      setResult(await testConnection({ kind, baseUrl: values.baseUrl.trim(), model: values.model.trim(), ...(apiKey ? { apiKey } : {}) }));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t("adminEngines.form.testFailed"));
    } finally {
      setTesting(false);
    }
  }

  return (
    <div className="space-y-2">
      <button type="button" className="btn-secondary" disabled={!canTest || isTesting} onClick={() => void run()}>
        {isTesting ? t("adminEngines.form.testing") : t("adminEngines.form.test")}
      </button>
      {result && (
        <div
          role="status"
          data-testid="connection-result"
          data-ok={String(result.ok)}
          className={`rounded-lg border p-2 text-sm ${result.ok ? "border-green-300 text-green-800 dark:text-green-300" : "border-red-300 text-red-700 dark:text-red-300"}`}
        >
          <p className="font-medium">
            {result.ok ? t("adminEngines.form.testOk") : t(`adminEngines.form.problem.${result.problem ?? "error"}`)}
          </p>
          <p className="break-all text-xs">{result.detail}</p>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EngineCard } from "~/app/features/engines/components/engine-card";
import { ModelDownloads } from "~/app/features/engines/components/model-downloads";
import { fetchEngines } from "~/app/features/engines/queries";
import { Spinner } from "~/app/ui/spinner";
import type { EngineInfo } from "~/shared/engines/engines-api";

/**
 * /admin/engines (issue 19), for the IS_ADMIN role: the AI engines this install runs, each changeable where
 * the environment does not set it (stored in the database), and the recommended model downloads.
 */
export default function AdminEnginesPage() {
  const { t } = useTranslation();
  const [engines, setEngines] = useState<EngineInfo[] | null>(null);
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchEngines(controller.signal).then(setEngines, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <title>{`${t("pages.AdminEngines.title")} · Parley`}</title>
      <h1 className="text-2xl font-semibold">{t("pages.AdminEngines.title")}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("adminEngines.intro")}</p>
      {hasFailed && <p role="alert">{t("adminEngines.loadFailed")}</p>}
      {!engines && !hasFailed && <Spinner />}
      {engines?.map((info) => (
        <EngineCard key={info.capability} info={info} onChanged={setEngines} />
      ))}
      {/* The recommended pinned models: size, live progress, cancel and resume. */}
      <ModelDownloads />
    </div>
  );
}

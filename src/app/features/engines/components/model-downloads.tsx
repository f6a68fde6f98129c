import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "~/app/features/notes/format-bytes";
import { ProgressBar } from "~/app/ui/progress-bar";
import { StatusBadge, type StatusTone } from "~/app/ui/status-badge";
import type { ModelDownload, ModelDownloadStatusState } from "~/shared/engines/model-downloads-api";
import { cancelModelDownload, fetchModelDownloads, startModelDownload } from "../model-download-queries";

const activeStates: readonly ModelDownloadStatusState[] = ["queued", "downloading", "verifying"];
const isActive = (download: ModelDownload) => activeStates.includes(download.state);

const stateTones: Record<ModelDownloadStatusState, StatusTone> = {
  missing: "neutral",
  queued: "progress",
  downloading: "progress",
  verifying: "progress",
  done: "success",
  failed: "error",
  cancelled: "warning",
};

/**
 * The recommended models (issue 19) on the admin engines page: each one's size before anything starts, then
 * Download, a live progress bar (polled every second while a download runs: the row the server writes about
 * once a second), Cancel, and Resume from where it stopped. A failure says why and what to do next.
 */
export function ModelDownloads() {
  const { t } = useTranslation();
  const [downloads, setDownloads] = useState<ModelDownload[] | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    try {
      setDownloads(await fetchModelDownloads(signal));
      setFailed(false);
    } catch {
      if (!signal?.aborted) setFailed(true);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const isAnyActive = downloads?.some(isActive) ?? false;
  useEffect(() => {
    if (!isAnyActive) return;
    const controller = new AbortController();
    const timer = setInterval(() => void refresh(controller.signal), 1_000);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [isAnyActive, refresh]);

  const act = async (modelId: string, action: (id: string) => Promise<ModelDownload>) => {
    setBusy(modelId);
    try {
      const next = await action(modelId);
      setDownloads((current) => current?.map((download) => (download.modelId === modelId ? next : download)) ?? null);
    } catch {
      // sessionFetch has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="model-downloads-heading" className="space-y-3" data-testid="model-downloads">
      <h2 id="model-downloads-heading" className="text-lg font-semibold">
        {t("adminEngines.downloads.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("adminEngines.downloads.intro")}</p>
      {hasFailed && !downloads && <p role="alert">{t("adminEngines.downloads.loadFailed")}</p>}
      {downloads?.length === 0 && <p className="text-sm">{t("adminEngines.downloads.none")}</p>}
      {downloads?.map((download) => (
        <ModelDownloadItem
          key={download.modelId}
          download={download}
          isBusy={busy === download.modelId}
          onStart={() => act(download.modelId, startModelDownload)}
          onCancel={() => act(download.modelId, cancelModelDownload)}
        />
      ))}
    </section>
  );
}

function ModelDownloadItem({
  download,
  isBusy,
  onStart,
  onCancel,
}: {
  download: ModelDownload;
  isBusy: boolean;
  onStart(): void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation();
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const size = download.isApproximate ? t("adminEngines.downloads.about", { size: bytes(download.bytes) }) : bytes(download.bytes);
  const total = download.bytesTotal ?? download.bytes;
  const percent = total > 0 ? Math.min(100, Math.floor((download.bytesDone / total) * 100)) : 0;
  const canResume = (download.state === "cancelled" || download.state === "failed") && download.bytesDone > 0;
  return (
    <article
      data-testid={`model-download-${download.modelId}`}
      data-state={download.state}
      className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{t(`adminEngines.capability.${download.capability}`)}</h3>
        <StatusBadge tone={stateTones[download.state]} testId="model-download-state" data={{ state: download.state }}>
          {t(`adminEngines.downloads.state.${download.state}`)}
        </StatusBadge>
      </div>
      <p className="break-all font-mono text-sm">{download.fileName}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="model-download-size">
        {t("adminEngines.downloads.details", { size, licence: download.licence, host: download.host })}
      </p>
      {isActive(download) && (
        <>
          <ProgressBar label={t("adminEngines.downloads.progressLabel", { file: download.fileName })} percent={percent} />
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="model-download-progress">
            {t(download.state === "verifying" ? "adminEngines.downloads.verifying" : "adminEngines.downloads.progress", {
              done: bytes(download.bytesDone),
              total: bytes(total),
              percent,
            })}
            {download.bytesPerSecond !== null && download.state === "downloading" && (
              <>
                {" · "}
                {t("adminEngines.downloads.speed", { speed: bytes(download.bytesPerSecond) })}
                {download.secondsLeft !== null &&
                  ` · ${t("adminEngines.downloads.timeLeft", { time: duration(download.secondsLeft, i18n.language) })}`}
              </>
            )}
          </p>
        </>
      )}
      {download.state === "failed" && download.error !== null && (
        <div className="space-y-1 text-sm" data-testid="model-download-error">
          <p className="break-words text-red-700 dark:text-red-400">{download.error}</p>
          <p className="text-slate-600 dark:text-slate-300">
            {t("adminEngines.downloads.nextStep", { host: download.host, file: download.fileName })}
          </p>
        </div>
      )}
      {download.state === "cancelled" && download.bytesDone > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("adminEngines.downloads.keptPart", { done: bytes(download.bytesDone), total: bytes(total) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {isActive(download) ? (
          <button type="button" className="btn-secondary" disabled={isBusy} onClick={onCancel}>
            {t("adminEngines.downloads.cancel")}
          </button>
        ) : download.state !== "done" ? (
          <button type="button" className="btn-primary" disabled={isBusy} onClick={onStart}>
            {canResume ? t("adminEngines.downloads.resume") : t("adminEngines.downloads.start", { size })}
          </button>
        ) : null}
      </div>
    </article>
  );
}

/** "3 min", "45 s", "1 h 5 min" in the reader's language. */
function duration(seconds: number, locale: string): string {
  const unit = (value: number, name: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short", maximumFractionDigits: 0 }).format(value);
  const rounded = Math.max(1, Math.round(seconds));
  if (rounded < 60) return unit(rounded, "second");
  const minutes = Math.round(rounded / 60);
  if (minutes < 60) return unit(minutes, "minute");
  return `${unit(Math.floor(minutes / 60), "hour")} ${unit(minutes % 60, "minute")}`;
}

import { useTranslation } from "react-i18next";
import { formatBytes } from "../format-bytes";
import type { UploadState } from "../use-upload";

/** The progress bar, its numbers and the cancel button while an upload runs. */
export function UploadProgress({ status, onCancel }: { status: Extract<UploadState, { state: "uploading" }>; onCancel(): void }) {
  const { t, i18n } = useTranslation("notes");
  const percent = status.totalBytes > 0 ? Math.floor((status.sentBytes / status.totalBytes) * 100) : 0;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label={t("upload.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
        <span>
          {t(status.isResumed ? "upload.resuming" : "upload.uploading", {
            percent,
            sent: formatBytes(status.sentBytes, i18n.language),
            total: formatBytes(status.totalBytes, i18n.language),
          })}
        </span>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t("upload.cancel")}
        </button>
      </div>
    </div>
  );
}

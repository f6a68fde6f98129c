import { useTranslation } from "react-i18next";
import { ProgressBar } from "~/app/ui/progress-bar";
import { formatBytes } from "../format-bytes";
import type { UploadState } from "../use-upload";

/** The progress bar, its numbers and the cancel button while an upload runs. */
export function UploadProgress({ status, onCancel }: { status: Extract<UploadState, { state: "uploading" }>; onCancel(): void }) {
  const { t, i18n } = useTranslation("notes");
  const percent = status.totalBytes > 0 ? Math.floor((status.sentBytes / status.totalBytes) * 100) : 0;
  return (
    <div className="space-y-2">
      <ProgressBar label={t("upload.progressLabel")} percent={percent} />
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

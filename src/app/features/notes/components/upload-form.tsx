import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { useUpload } from "../use-upload";
import { ActionCardHeader } from "./action-card-header";
import { LanguageSelect } from "./language-select";
import { UploadProgress } from "./upload-progress";

// Mirrors the server's limits (env UPLOAD_MAX_BYTES, DOCUMENT_MAX_BYTES) so an oversized file is refused
// before a byte is sent; the server checks again and answers 413.
const maxBytes = { file: 2 * 1024 ** 3, document: 50 * 1024 ** 2 } as const;
const accept = {
  file: "audio/*,video/*,.mp3,.m4a,.wav,.ogg,.opus,.webm,.mp4,.mov,.mkv,.flac,.aac",
  document: ".pdf,.docx,.txt,.md,.markdown,application/pdf,text/plain,text/markdown",
} as const;

/** Upload an audio/video file (type file) or a document (type document); opens the note when done. */
export function UploadForm({ kind }: { kind: "file" | "document" }) {
  const { t } = useTranslation("notes");
  const id = useId();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { status, start, cancel } = useUpload();
  const [language, setLanguage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (status.state === "done") navigate(to(`/note/${status.noteId}`));
    if (status.state === "error") {
      const { failure } = status;
      // A plan-limit 402 opens the paywall (or the upgrade request) instead of a second message here.
      setProblem(
        failure.isHandledGlobally
          ? null
          : (failure.message ?? t(failure.status === 413 ? `upload.errors.tooLarge.${kind}` : "upload.errors.failed")),
      );
    }
  }, [status, navigate, to, t, kind]);

  const handleFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size === 0) {
      setProblem(t("upload.errors.empty"));
      return;
    }
    if (file.size > maxBytes[kind]) {
      setProblem(t(`upload.errors.tooLarge.${kind}`));
      return;
    }
    setProblem(null);
    void start(file, { kind, fileName: file.name, ...(language ? { language } : {}) });
  };

  const isUploading = status.state === "uploading";
  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <ActionCardHeader id={`${id}-title`} title={t(`upload.${kind}.title`)} description={t(`upload.${kind}.description`)} />
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {status.state === "cancelled" ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t("upload.cancelled")}
        </p>
      ) : null}
      {kind === "file" && !isUploading ? <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} /> : null}
      {isUploading ? (
        <UploadProgress status={status} onCancel={() => void cancel()} />
      ) : (
        <div>
          <label htmlFor={`${id}-file`} className="btn-primary inline-flex cursor-pointer">
            {t(`upload.${kind}.choose`)}
          </label>
          <input id={`${id}-file`} type="file" accept={accept[kind]} className="sr-only" onChange={handleFile} />
        </div>
      )}
    </section>
  );
}

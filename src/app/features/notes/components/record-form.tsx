import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { useUpload } from "../use-upload";
import { ActionCardHeader } from "./action-card-header";
import { LanguageSelect } from "./language-select";
import { UploadProgress } from "./upload-progress";

type RecorderState = { state: "idle" } | { state: "recording"; startedAt: number } | { state: "denied" } | { state: "unsupported" };

/** Opus in WebM where the browser has it (Chromium, Firefox), else whatever it records (Safari: mp4). */
function pickMimeType(): string | undefined {
  return ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"].find((type) => MediaRecorder.isTypeSupported(type));
}

/** Record from the microphone in the browser (type recording); stopping uploads it and opens the note. */
export function RecordForm() {
  const { t } = useTranslation("notes");
  const id = useId();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { status, start, cancel } = useUpload();
  const [recorder, setRecorder] = useState<RecorderState>({ state: "idle" });
  const [language, setLanguage] = useState("");
  const [seconds, setSeconds] = useState(0);
  const media = useRef<{ recorder: MediaRecorder; stream: MediaStream; parts: Blob[] } | null>(null);

  useEffect(() => {
    if (status.state === "done") navigate(to(`/note/${status.noteId}`));
  }, [status, navigate, to]);
  useEffect(() => {
    if (recorder.state !== "recording") return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - recorder.startedAt) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recorder]);
  // Leaving the page mid-recording releases the microphone.
  useEffect(
    () => () => {
      for (const track of media.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const handleStart = async () => {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      setRecorder({ state: "unsupported" });
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      const mimeType = pickMimeType();
      const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const parts: Blob[] = [];
      next.ondataavailable = (event) => {
        if (event.data.size > 0) parts.push(event.data);
      };
      // A timeslice keeps what was recorded so far in memory parts, not one growing buffer.
      next.start(1000);
      media.current = { recorder: next, stream, parts };
      setSeconds(0);
      setRecorder({ state: "recording", startedAt: Date.now() });
    } catch {
      setRecorder({ state: "denied" });
    }
  };

  const handleStop = async () => {
    const current = media.current;
    if (!current) return;
    await new Promise<void>((resolve) => {
      current.recorder.onstop = () => resolve();
      current.recorder.stop();
    });
    for (const track of current.stream.getTracks()) track.stop();
    media.current = null;
    setRecorder({ state: "idle" });
    const type = current.recorder.mimeType || "audio/webm";
    const blob = new Blob(current.parts, { type });
    const extension = type.includes("mp4") ? "m4a" : "webm";
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
    void start(blob, { kind: "recording", fileName: `recording-${stamp}.${extension}`, ...(language ? { language } : {}) });
  };

  const minutes = Math.floor(seconds / 60);
  const clock = `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <ActionCardHeader id={`${id}-title`} title={t("record.title")} description={t("record.description")} />
      {recorder.state === "denied" || recorder.state === "unsupported" ? (
        <FormMessage kind="error">{t(`record.errors.${recorder.state}`)}</FormMessage>
      ) : null}
      {status.state === "error" && !status.failure.isHandledGlobally ? (
        <FormMessage kind="error">{status.failure.message ?? t("upload.errors.failed")}</FormMessage>
      ) : null}
      {status.state === "uploading" ? (
        <UploadProgress status={status} onCancel={() => void cancel()} />
      ) : recorder.state === "recording" ? (
        <div className="flex flex-wrap items-center gap-4">
          <span className="inline-flex items-center gap-2 font-mono text-lg" role="timer" aria-label={t("record.elapsed")}>
            <span aria-hidden="true" className="h-3 w-3 animate-pulse rounded-full bg-red-600" />
            {clock}
          </span>
          <button type="button" className="btn-primary" onClick={() => void handleStop()}>
            {t("record.stop")}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-4">
          <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} />
          <button type="button" className="btn-primary" onClick={() => void handleStart()}>
            {t("record.start")}
          </button>
        </div>
      )}
    </section>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import { type RunningUpload, startUpload, type UploadFailure, type UploadKind } from "./upload-client";

export type UploadState =
  | { state: "idle" }
  | { state: "uploading"; sentBytes: number; totalBytes: number; isResumed: boolean }
  | { state: "done"; noteId: string }
  | { state: "error"; failure: UploadFailure }
  | { state: "cancelled" };

/** One upload at a time for a form: start, progress, cancel; the running upload stops when the form goes. */
export function useUpload() {
  const [status, setStatus] = useState<UploadState>({ state: "idle" });
  const running = useRef<RunningUpload | null>(null);
  useEffect(
    () => () => {
      // Leaving the page keeps the partial upload on the server, so picking the file again resumes it.
      void running.current?.abort();
    },
    [],
  );
  const start = useCallback(
    async (file: File | Blob, options: { kind: UploadKind; fileName: string; language?: string; title?: string }) => {
      let isResumed = false;
      setStatus({ state: "uploading", sentBytes: 0, totalBytes: file.size, isResumed });
      try {
        running.current = await startUpload(file, options, {
          onResumed: () => {
            isResumed = true;
          },
          onProgress: ({ sentBytes, totalBytes }) => setStatus({ state: "uploading", sentBytes, totalBytes, isResumed }),
          onSuccess: (noteId) => {
            running.current = null;
            setStatus({ state: "done", noteId });
          },
          onError: (failure) => {
            running.current = null;
            setStatus({ state: "error", failure });
          },
        });
      } catch {
        setStatus({ state: "error", failure: { status: null, message: null, isHandledGlobally: false } });
      }
    },
    [],
  );
  const cancel = useCallback(async () => {
    const upload = running.current;
    running.current = null;
    setStatus({ state: "cancelled" });
    await upload?.abort({ forget: true }).catch(() => {});
  }, []);
  return { status, start, cancel };
}

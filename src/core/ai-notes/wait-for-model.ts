import { setTimeout as delay } from "node:timers/promises";

// Issue 19: on a first start the language model may still be downloading when a transcript is ready. The
// notes job then waits for it, showing "Waiting for the AI model: 43%" on the note, instead of writing
// extracted highlights that a minute later would be worse than the model's notes. A failed download ends
// the wait: the job writes the extractive floor, labelled `model_download_failed`.

export type LanguageModelDownloadStatus = { state: "downloading"; percent: number } | { state: "failed" } | null;

/** The note's error field while it waits (the page shows the download's percent from the progress field). */
export const waitingForModel = "waiting_for_model";

/** Polls `status` until the download is over: `ready` (done, or none running) or `failed`. */
export async function waitForModelDownload(
  status: () => Promise<LanguageModelDownloadStatus>,
  report: (percent: number) => Promise<void>,
  signal: AbortSignal,
  pollMs = 2_000,
): Promise<"ready" | "failed"> {
  let lastPercent = -1;
  for (;;) {
    const current = await status();
    if (current === null) return "ready";
    if (current.state === "failed") return "failed";
    if (current.percent !== lastPercent) {
      lastPercent = current.percent;
      await report(current.percent);
    }
    await delay(pollMs, undefined, { signal });
  }
}

/**
 * The model once a wait is over. Right after a download finishes, the process's engine settings may not have
 * seen the file yet (their version is re-read every ~2 s), and a note that waited for the model must not be
 * written without it: the loader is asked again for a few seconds before the floor is accepted.
 */
export async function modelAfterWait<Model>(
  load: () => Promise<Model | null>,
  { hasWaited, signal, tries = 6, pollMs = 1_000 }: { hasWaited: boolean; signal: AbortSignal; tries?: number; pollMs?: number },
): Promise<Model | null> {
  let model = await load();
  for (let attempt = 1; !model && hasWaited && attempt < tries; attempt++) {
    await delay(pollMs, undefined, { signal });
    model = await load();
  }
  return model;
}

import { describe, expect, it } from "vitest";
import { type LanguageModelDownloadStatus, waitForModelDownload } from "./wait-for-model";

// The notes job's wait for the language model's first-run download (issue 19), over a scripted status.
describe("waitForModelDownload", () => {
  const scripted = (steps: LanguageModelDownloadStatus[]) => {
    let index = 0;
    return async () => steps[Math.min(index++, steps.length - 1)] ?? null;
  };

  it("reports each new percent while the download runs, and is ready once it is over", async () => {
    const reported: number[] = [];
    const status = scripted([
      { state: "downloading", percent: 10 },
      { state: "downloading", percent: 10 },
      { state: "downloading", percent: 43 },
      null,
    ]);
    const outcome = await waitForModelDownload(status, async (percent) => void reported.push(percent), new AbortController().signal, 1);
    expect({ outcome, reported }).toEqual({ outcome: "ready", reported: [10, 43] });
  });

  it("ends the wait on a failed download, and at once when nothing downloads", async () => {
    const signal = new AbortController().signal;
    const none = async () => undefined;
    expect(await waitForModelDownload(scripted([{ state: "downloading", percent: 5 }, { state: "failed" }]), none, signal, 1)).toBe(
      "failed",
    );
    expect(await waitForModelDownload(scripted([null]), none, signal, 1)).toBe("ready");
  });

  it("stops waiting when the job is stopped", async () => {
    const controller = new AbortController();
    const waiting = waitForModelDownload(
      scripted([{ state: "downloading", percent: 1 }]),
      async () => controller.abort(),
      controller.signal,
      60_000,
    );
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
  });
});

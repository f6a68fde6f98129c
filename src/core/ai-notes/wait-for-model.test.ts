import { describe, expect, it } from "vitest";
import { type LanguageModelDownloadStatus, modelAfterWait, waitForModelDownload } from "./wait-for-model";

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

describe("modelAfterWait", () => {
  const signal = new AbortController().signal;
  const loader = (answers: (string | null)[]) => {
    let calls = 0;
    const load = async () => answers[Math.min(calls++, answers.length - 1)] ?? null;
    return { load, calls: () => calls };
  };

  it("asks again while the settings have not seen a just-downloaded model", async () => {
    const { load, calls } = loader([null, null, "llama"]);
    expect(await modelAfterWait(load, { hasWaited: true, signal, pollMs: 1 })).toBe("llama");
    expect(calls()).toBe(3);
  });

  it("gives up after its tries, and asks once when nothing was waited for", async () => {
    const never = loader([null]);
    expect(await modelAfterWait(never.load, { hasWaited: true, signal, pollMs: 1, tries: 4 })).toBeNull();
    expect(never.calls()).toBe(4);
    const once = loader([null, "llama"]);
    expect(await modelAfterWait(once.load, { hasWaited: false, signal, pollMs: 1 })).toBeNull();
    expect(once.calls()).toBe(1);
  });
});

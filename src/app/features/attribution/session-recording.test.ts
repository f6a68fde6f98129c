import { describe, expect, it } from "vitest";
import type { SmartlookStatus } from "~/shared/accounts/session-recording-api";
import { type SessionRecordingDeps, startSessionRecording } from "./session-recording";

// A document that records what is appended to <head> (the only DOM the loader touches).
function fakeWindow() {
  const appended: { src: string; async: boolean; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ src: "", async: false, crossOrigin: null as string | null }),
    head: { appendChild: (node: { src: string; async: boolean; crossOrigin: string | null }) => void appended.push(node) },
  };
  const target = { document, smartlook: undefined } as unknown as SessionRecordingDeps["window"];
  return { target, appended };
}

const on: SmartlookStatus = {
  success: true,
  enabled: true,
  projectKey: "sl-key",
  region: "eu",
  scriptUrl: "https://web-sdk.smartlook.com/recorder.js",
};
const off: SmartlookStatus = { success: true, enabled: false, projectKey: null, region: "eu", scriptUrl: null };

describe("startSessionRecording (spec 7: session recording in region eu; interpretations 10, 27)", () => {
  it("loads nothing when no key is configured", async () => {
    const { target, appended } = fakeWindow();
    const added: string[] = [];
    const result = await startSessionRecording({ fetchStatus: async () => off, addSession: async (id) => added.push(id), window: target });
    expect(result).toBe("off");
    expect(appended).toEqual([]);
    expect(target.smartlook).toBeUndefined();
    expect(added).toEqual([]);
  });

  it("when configured: queues init with region eu, loads the recorder, and stores the session id it reports", async () => {
    const { target, appended } = fakeWindow();
    const added: string[] = [];
    const result = await startSessionRecording({ fetchStatus: async () => on, addSession: async (id) => added.push(id), window: target });
    expect(result).toBe("started");
    expect(appended).toEqual([{ src: on.scriptUrl, async: true, crossOrigin: "anonymous" }]);
    const queue = target.smartlook?.api ?? [];
    expect(queue[0]).toEqual(["init", "sl-key", { region: "eu" }]);
    // The recorder, once loaded, sets the session and runs the queued getData callback.
    const callback = queue[1]?.[0];
    expect(typeof callback).toBe("function");
    if (target.smartlook) target.smartlook.sessionId = "session-42";
    (callback as () => void)();
    expect(added).toEqual(["session-42"]);
  });

  it("does not start a second recorder on the same page", async () => {
    const { target, appended } = fakeWindow();
    const deps = { fetchStatus: async () => on, addSession: async () => undefined, window: target };
    await startSessionRecording(deps);
    expect(await startSessionRecording(deps)).toBe("already-running");
    expect(appended).toHaveLength(1);
  });
});

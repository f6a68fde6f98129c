import type { SmartlookStatus } from "~/shared/accounts/session-recording-api";

// Session recording (spec section 7: "starts a session-recording service in region eu" after the user data
// loads). Only when the server says a key is configured (interpretations 10 and 27): otherwise no script
// is added and nothing third-party loads. The queue-then-script start is Smartlook's documented snippet;
// `smartlook(callback)` is its getData, called once the recorder has a session.

interface SmartlookFunction {
  (...args: unknown[]): void;
  api: unknown[][];
  sessionId?: string;
}

declare global {
  interface Window {
    smartlook?: SmartlookFunction;
  }
}

export interface SessionRecordingDeps {
  fetchStatus(): Promise<SmartlookStatus>;
  addSession(sessionId: string): Promise<unknown>;
  window: Pick<Window, "smartlook" | "document">;
}

export type SessionRecordingStart = "off" | "started" | "already-running";

export async function startSessionRecording(deps: SessionRecordingDeps): Promise<SessionRecordingStart> {
  const status = await deps.fetchStatus();
  if (!status.enabled || !status.projectKey || !status.scriptUrl) return "off";
  const target = deps.window;
  if (target.smartlook) return "already-running";
  const smartlook: SmartlookFunction = Object.assign((...args: unknown[]) => void smartlook.api.push(args), { api: [] as unknown[][] });
  target.smartlook = smartlook;
  smartlook("init", status.projectKey, { region: status.region });
  smartlook(() => {
    const sessionId = target.smartlook?.sessionId;
    if (sessionId)
      deps.addSession(sessionId).catch((error: unknown) => console.warn("session recording: the session id was not stored", error));
  });
  const script = target.document.createElement("script");
  script.async = true;
  script.crossOrigin = "anonymous";
  script.src = status.scriptUrl;
  target.document.head.appendChild(script);
  return "started";
}

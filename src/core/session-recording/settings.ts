import { z } from "zod";

// Session recording (spec section 7: Smartlook, started in region eu after the user data loads). Off by
// default: only a configured project key turns it on, and only then may the browser load the recorder and
// the CSP allow its origins (interpretations 10 and 27).

export const sessionRecordingEnvShape = {
  /** The Smartlook project key; unset, nothing third-party loads and the status call says "off". */
  SMARTLOOK_KEY: z.string().trim().min(1).max(200).optional(),
};

/** spec section 7: the recorder runs in region eu. */
export const smartlookRegion = "eu" as const;
/** Where the Smartlook recorder is served from (their documented snippet). */
export const smartlookScriptUrl = "https://web-sdk.smartlook.com/recorder.js";

export interface SessionRecordingSettings {
  /** null: recording is off. */
  projectKey: string | null;
}

export function sessionRecordingFromEnv(env: { SMARTLOOK_KEY?: string | undefined }): SessionRecordingSettings {
  return { projectKey: env.SMARTLOOK_KEY ?? null };
}

/** The origins the CSP allows for the recorder: its script host and the eu region's data hosts; none when off. */
export function smartlookBrowserOrigins(settings: SessionRecordingSettings): string[] {
  if (!settings.projectKey) return [];
  return [new URL(smartlookScriptUrl).origin, "https://*.eu.smartlook.cloud"];
}

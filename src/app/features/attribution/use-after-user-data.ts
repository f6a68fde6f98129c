import { useEffect } from "react";
import { api, call } from "~/app/api/typed-api";
import { readStoredAttribution, rememberLandingAttribution } from "./attribution-store";
import { sendClickIdsOnce } from "./send-click-ids";
import { startSessionRecording } from "./session-recording";

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The React app's part of issue 20 (root): keep a landing visit's attribution, and once the user data is
 * loaded (`userId` set) store the click ids on the account (once per user) and start session recording
 * when configured (spec section 7). Background calls: a failure is logged, never shown.
 */
export function useAfterUserData(userId: string | null): void {
  useEffect(() => {
    rememberLandingAttribution();
    if (!userId) return;
    const background = { isBackground: true };
    sendClickIdsOnce({
      userId,
      attribution: readStoredAttribution(),
      browser: { cookieHeader: document.cookie, userAgent: navigator.userAgent },
      storage: browserStorage(),
      post: (body) => call(api(background).POST("/user/set-click-ids", { body })),
    }).catch((error: unknown) => console.warn("attribution: click ids were not stored", error));
    startSessionRecording({
      fetchStatus: () => call(api(background).GET("/user/smartlook-status")),
      addSession: (sessionId) => call(api(background).POST("/user/add-smartlook-session", { body: { sessionId } })),
      window,
    }).catch((error: unknown) => console.warn("session recording did not start", error));
  }, [userId]);
}

import { useCallback, useEffect, useRef, useState } from "react";
import { saveUser } from "../shell/queries";

/**
 * interpretations 14: the paywall marks itself seen when it is first shown. The save starts once per
 * mount (React's development double effects included); `whenSaved` retries a failed save, so leaving
 * the page never races the flag that keeps the guard from sending the user back here.
 */
export function usePaywallSeen(): { hasFailed: boolean; whenSaved(): Promise<void> } {
  const saving = useRef<Promise<void> | null>(null);
  const [hasFailed, setFailed] = useState(false);

  const whenSaved = useCallback(() => {
    if (!saving.current) {
      saving.current = saveUser({ onboarding: { seenPaywall: true } }).then(
        () => setFailed(false),
        (error: unknown) => {
          saving.current = null;
          setFailed(true);
          throw error;
        },
      );
    }
    return saving.current;
  }, []);

  useEffect(() => {
    whenSaved().catch(() => {
      // Shown through hasFailed; the Continue button tries again.
    });
  }, [whenSaved]);

  return { hasFailed, whenSaved };
}

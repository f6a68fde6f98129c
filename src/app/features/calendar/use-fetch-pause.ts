import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createFetchPause, type FetchPause } from "./fetch-pause";

/**
 * A fetch pause for the page's life, fed by the tab's visibility and the network's state: hidden and
 * offline are reasons of their own, so fetching resumes (and `onResume` re-reads at once) only when the
 * tab is visible and online again, and no toggle is in flight.
 */
export function useFetchPause(onResume: () => void): { pause: FetchPause; isPaused: boolean } {
  const resume = useRef(onResume);
  resume.current = onResume;
  const [pause] = useState(() => createFetchPause(() => resume.current()));
  useEffect(() => {
    const readVisibility = () => (document.visibilityState === "hidden" ? pause.pause("hidden") : pause.resume("hidden"));
    const readNetwork = () => (navigator.onLine ? pause.resume("offline") : pause.pause("offline"));
    readVisibility();
    readNetwork();
    document.addEventListener("visibilitychange", readVisibility);
    window.addEventListener("online", readNetwork);
    window.addEventListener("offline", readNetwork);
    return () => {
      document.removeEventListener("visibilitychange", readVisibility);
      window.removeEventListener("online", readNetwork);
      window.removeEventListener("offline", readNetwork);
    };
  }, [pause]);
  const isPaused = useSyncExternalStore(pause.subscribe, pause.isPaused, () => false);
  return { pause, isPaused };
}

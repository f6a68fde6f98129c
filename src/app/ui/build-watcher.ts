// spec section 4: a new build detected by a manifest check reloads the app; a failed chunk load
// reloads too, but at most once in 10 seconds so a broken deploy cannot loop.
export const chunkReloadGuardMs = 10_000;
const reloadKey = "parley:chunk-reload-at";
export const buildManifestPath = "/build-manifest.json";

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt >= chunkReloadGuardMs;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads once per guard window; returns whether it reloaded. */
export function reloadAfterChunkError(): boolean {
  const raw = window.sessionStorage.getItem(reloadKey);
  const now = Date.now();
  if (!shouldReloadAfterChunkError(raw === null ? null : Number(raw), now)) return false;
  window.sessionStorage.setItem(reloadKey, String(now));
  window.location.reload();
  return true;
}

/** Compares the running build's version with the server's; reloads when they differ. */
export async function checkForNewBuild(runningVersion: string): Promise<boolean> {
  try {
    const response = await fetch(buildManifestPath, { cache: "no-store" });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    const version = typeof body === "object" && body && "version" in body ? String(body.version) : null;
    if (version && version !== runningVersion) {
      window.location.reload();
      return true;
    }
  } catch {
    // Offline or server restarting: try again at the next check.
  }
  return false;
}

/** Starts the watchers; returns a function that stops them. */
export function watchBuilds(runningVersion: string, intervalMs = 5 * 60_000): () => void {
  const onVisible = () => {
    if (document.visibilityState === "visible") void checkForNewBuild(runningVersion);
  };
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    reloadAfterChunkError();
  };
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("vite:preloadError", onPreloadError);
  const timer = window.setInterval(() => void checkForNewBuild(runningVersion), intervalMs);
  return () => {
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.clearInterval(timer);
  };
}

import { anonymousIdStorageKey } from "~/shared/analytics/gateway-protocol";

// The anonymous visitor's analytics id ('web_' + random id, spec section 3), kept in localStorage so the
// static pages and the app count one visitor. Storage may be off (private mode): then an id per page load.

let fallback: string | null = null;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export function anonymousAnalyticsId(): string {
  try {
    const stored = localStorage.getItem(anonymousIdStorageKey);
    if (stored && /^web_[A-Za-z0-9_-]{1,300}$/.test(stored)) return stored;
    const id = randomId();
    localStorage.setItem(anonymousIdStorageKey, id);
    return id;
  } catch {
    fallback ??= randomId();
    return fallback;
  }
}

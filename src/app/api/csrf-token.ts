import { readCookie } from "~/shared/cookies";

// spec section 4 "Anti-forgery token" + interpretations 15: fetched lazily on the first non-GET call,
// cached, cleared on sign-out and on INVALID_CSRF_TOKEN; the cookie is the fallback when the fetch fails.
let cached: string | null = null;
let baseUrl = "";

/** The origin API calls go to: the page's own (""), or a server's address in tests run outside a browser. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url;
  cached = null;
}

export function apiBaseUrl(): string {
  return baseUrl;
}
let pending: Promise<string> | null = null;

export async function getCsrfToken(): Promise<string> {
  if (cached) return cached;
  pending ??= fetchToken().finally(() => {
    pending = null;
  });
  return pending;
}

async function fetchToken(): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}/api/csrf-token`, {
      credentials: "include",
      headers: { "X-Platform": "web", "X-Version": "1.0.0" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { csrfToken?: unknown };
    if (typeof body.csrfToken !== "string") throw new Error("no csrfToken in the answer");
    cached = body.csrfToken;
  } catch {
    cached = typeof document === "undefined" ? null : (readCookie(document.cookie, "csrf_token") ?? null);
  }
  return cached ?? "";
}

export function clearCsrfToken(): void {
  cached = null;
}

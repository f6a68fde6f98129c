import { z } from "zod";
import type { RouteAlert } from "~/shared/routing/decide-route";

// Alerts raised while redirecting survive the redirect in a short-lived cookie the next page reads once.
export const flashCookieName = "flash_alerts";

const flashSchema = z.array(z.object({ type: z.enum(["error", "info"]), code: z.string().regex(/^[A-Za-z0-9_.]{1,64}$/) })).max(5);

export function serializeFlash(alerts: RouteAlert[]): string {
  return `${flashCookieName}=${encodeURIComponent(JSON.stringify(alerts))}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly`;
}

export function clearFlash(): string {
  return `${flashCookieName}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
}

export function parseFlash(raw: string | undefined): RouteAlert[] {
  if (!raw) return [];
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

import { z } from "zod";
import type { OAuthProviderConfig } from "~/infra/oauth/oauth-client";
import type { CalendarPlatform, SyncMode } from "~/shared/calendars/calendar-platforms";

// Calendars and Zoom connect (issue 18). A provider is offered when its client id and secret are set (the
// calendar ones fall back to the sign-in app's, which is how one Google or Microsoft app is usually
// registered). Every endpoint defaults to the real service; tests point them at test/stand-ins/calendar.

const url = (fallback: string) => z.url().default(fallback);

export const calendarEnvShape = {
  GOOGLE_CALENDAR_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CALENDAR_AUTHORIZATION_URL: url("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_CALENDAR_TOKEN_URL: url("https://oauth2.googleapis.com/token"),
  GOOGLE_CALENDAR_REVOKE_URL: url("https://oauth2.googleapis.com/revoke"),
  GOOGLE_CALENDAR_USERINFO_URL: url("https://openidconnect.googleapis.com/v1/userinfo"),
  /** Calendar API v3 root (events, watch, channels/stop). */
  GOOGLE_CALENDAR_API_URL: url("https://www.googleapis.com/calendar/v3"),

  OUTLOOK_CLIENT_ID: z.string().min(1).optional(),
  OUTLOOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** `${authority}/${tenant}/oauth2/v2.0/{authorize,token}`; defaults to the sign-in settings' authority. */
  OUTLOOK_AUTHORITY: z.url().optional(),
  OUTLOOK_TENANT_ID: z.string().min(1).optional(),
  /** Microsoft Graph v1.0 root. */
  MICROSOFT_GRAPH_URL: url("https://graph.microsoft.com/v1.0"),

  ZOOM_CLIENT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
  /** Zoom's OAuth origin (`/oauth/authorize`, `/oauth/token`, `/oauth/revoke`). */
  ZOOM_OAUTH_URL: url("https://zoom.us"),
  ZOOM_API_URL: url("https://api.zoom.us/v2"),

  /** 32 bytes (hex or base64) sealing provider tokens at rest; default: derived from AUTH_SECRET. */
  TOKEN_ENCRYPTION_KEY: z.string().min(1).optional(),
  /**
   * Public https origin the providers can reach for push notifications (Google channels, Graph
   * subscriptions); unset: events are polled (interpretations 30).
   */
  CALENDAR_PUSH_URL: z.url().optional(),
  CALENDAR_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** How many days ahead events are synced (the view pages a week at a time). */
  CALENDAR_SYNC_DAYS: z.coerce.number().int().min(7).max(365).default(28),
};

type CalendarEnv = z.output<z.ZodObject<typeof calendarEnvShape>> & {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  MICROSOFT_CLIENT_ID?: string;
  MICROSOFT_CLIENT_SECRET?: string;
  MICROSOFT_AUTHORITY: string;
  MICROSOFT_TENANT_ID: string;
};

export interface CalendarSettings {
  /** OAuth per provider that is configured; absent = not offered. */
  oauth: Partial<Record<CalendarPlatform | "zoom", OAuthProviderConfig>>;
  googleRevokeUrl: string;
  googleUserinfoUrl: string;
  googleApiUrl: string;
  graphUrl: string;
  zoomOAuthUrl: string;
  zoomApiUrl: string;
  configuredTokenKey: string | undefined;
  pushUrl: string | null;
  syncMode: SyncMode;
  pollMinutes: number;
  syncDays: number;
}

export function calendarSettingsFromEnv(env: CalendarEnv): CalendarSettings {
  const oauth: CalendarSettings["oauth"] = {};
  const googleId = env.GOOGLE_CALENDAR_CLIENT_ID ?? env.GOOGLE_CLIENT_ID;
  const googleSecret = env.GOOGLE_CALENDAR_CLIENT_SECRET ?? env.GOOGLE_CLIENT_SECRET;
  if (googleId && googleSecret) {
    oauth.google_calendar = {
      clientId: googleId,
      clientSecret: googleSecret,
      authorizationUrl: env.GOOGLE_CALENDAR_AUTHORIZATION_URL,
      tokenUrl: env.GOOGLE_CALENDAR_TOKEN_URL,
      clientAuth: "post",
      // Read-only calendar access; offline + consent so Google hands out a refresh token every time.
      scopes: ["openid", "email", "https://www.googleapis.com/auth/calendar.readonly"],
      extraParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
    };
  }
  const outlookId = env.OUTLOOK_CLIENT_ID ?? env.MICROSOFT_CLIENT_ID;
  const outlookSecret = env.OUTLOOK_CLIENT_SECRET ?? env.MICROSOFT_CLIENT_SECRET;
  if (outlookId && outlookSecret) {
    const authority = `${(env.OUTLOOK_AUTHORITY ?? env.MICROSOFT_AUTHORITY).replace(/\/$/, "")}/${env.OUTLOOK_TENANT_ID ?? env.MICROSOFT_TENANT_ID}`;
    oauth.microsoft_outlook = {
      clientId: outlookId,
      clientSecret: outlookSecret,
      authorizationUrl: `${authority}/oauth2/v2.0/authorize`,
      tokenUrl: `${authority}/oauth2/v2.0/token`,
      clientAuth: "post",
      scopes: ["openid", "email", "offline_access", "User.Read", "Calendars.Read"],
    };
  }
  if (env.ZOOM_CLIENT_ID && env.ZOOM_CLIENT_SECRET) {
    const origin = env.ZOOM_OAUTH_URL.replace(/\/$/, "");
    oauth.zoom = {
      clientId: env.ZOOM_CLIENT_ID,
      clientSecret: env.ZOOM_CLIENT_SECRET,
      authorizationUrl: `${origin}/oauth/authorize`,
      tokenUrl: `${origin}/oauth/token`,
      clientAuth: "basic",
      // Scopes are set on the Zoom app itself (user:read:zak, user:read:user); none are sent.
      scopes: [],
    };
  }
  return {
    oauth,
    googleRevokeUrl: env.GOOGLE_CALENDAR_REVOKE_URL,
    googleUserinfoUrl: env.GOOGLE_CALENDAR_USERINFO_URL,
    googleApiUrl: env.GOOGLE_CALENDAR_API_URL.replace(/\/$/, ""),
    graphUrl: env.MICROSOFT_GRAPH_URL.replace(/\/$/, ""),
    zoomOAuthUrl: env.ZOOM_OAUTH_URL.replace(/\/$/, ""),
    zoomApiUrl: env.ZOOM_API_URL.replace(/\/$/, ""),
    configuredTokenKey: env.TOKEN_ENCRYPTION_KEY,
    pushUrl: env.CALENDAR_PUSH_URL?.replace(/\/$/, "") ?? null,
    syncMode: env.CALENDAR_PUSH_URL ? "push" : "polling",
    pollMinutes: env.CALENDAR_POLL_MINUTES,
    syncDays: env.CALENDAR_SYNC_DAYS,
  };
}

import { describe, expect, it } from "vitest";
import { parseEnv } from "~/runtime/env";
import { calendarSettingsFromEnv } from "./settings";

describe("calendar and Zoom settings", () => {
  it("offer nothing and poll when nothing is configured", () => {
    const settings = calendarSettingsFromEnv(parseEnv({}));
    expect(settings.oauth).toEqual({});
    expect(settings.syncMode).toBe("polling");
    expect(settings.pollMinutes).toBe(5);
  });

  it("fall back to the sign-in apps, build Microsoft's endpoints from its authority and tenant, and push with a public URL", () => {
    const settings = calendarSettingsFromEnv(
      parseEnv({
        GOOGLE_CLIENT_ID: "g-id",
        GOOGLE_CLIENT_SECRET: "g-secret",
        MICROSOFT_CLIENT_ID: "m-id",
        MICROSOFT_CLIENT_SECRET: "m-secret",
        OUTLOOK_TENANT_ID: "organizations",
        ZOOM_CLIENT_ID: "z-id",
        ZOOM_CLIENT_SECRET: "z-secret",
        CALENDAR_PUSH_URL: "https://parley.example/",
      }),
    );
    expect(settings.oauth.google_calendar).toMatchObject({ clientId: "g-id", clientAuth: "post" });
    expect(settings.oauth.google_calendar?.scopes).toContain("https://www.googleapis.com/auth/calendar.readonly");
    expect(settings.oauth.microsoft_outlook?.tokenUrl).toBe("https://login.microsoftonline.com/organizations/oauth2/v2.0/token");
    expect(settings.oauth.microsoft_outlook?.scopes).toEqual(expect.arrayContaining(["offline_access", "Calendars.Read"]));
    expect(settings.oauth.zoom).toMatchObject({ clientAuth: "basic", tokenUrl: "https://zoom.us/oauth/token" });
    expect(settings).toMatchObject({ syncMode: "push", pushUrl: "https://parley.example" });
  });
});

import { describe, expect, it } from "vitest";
import type { Locale } from "../i18n/locales";
import { matchRoute } from "./match-route";
import { findRouteByName, namedPaths, type RouteDef, routeTable } from "./route-table";

const localeCases: Locale[] = ["en", "es", "pt"];

const prefix = (locale: Locale, path: string): string => {
  if (locale === "en") return path;
  return path === "/" ? `/${locale}/` : `/${locale}${path}`;
};

/** A concrete path for a row and the params it should yield: `:id` -> `id_1`. */
function example(route: RouteDef): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => {
    params[key] = `${key}_1`;
    return params[key];
  });
  return { path, params };
}

const localized = routeTable.filter((r) => !r.isUnlocalized);

describe("the route table", () => {
  it("has unique names and unique paths", () => {
    expect(new Set(routeTable.map((r) => r.name)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
  });

  it("holds every path of spec section 2", () => {
    const paths = routeTable.map((r) => r.path);
    for (const path of [
      "/home",
      "/notes",
      "/ask-ai",
      "/note/:id",
      "/folder/:folderId",
      "/settings",
      "/settings/email",
      "/settings/profile",
      "/settings/profile/billing",
      "/settings/calendar",
      "/verify",
      "/paywall",
      "/checkout/:productId",
      "/login",
      "/signup",
      "/register",
      "/email-login",
      "/forgot-password",
      "/google-one-tap",
      "/reset-password",
      "/email-action",
      "/faq",
      "/demo-note/:id",
      "/n/:noteShareId",
      "/onboarding",
      "/onboarding-speech-to-text",
      "/onboarding-transcribe",
      "/onboarding-audio-to-text",
      "/onboarding-widget",
      "/start",
      "/",
      "/ai-chat",
      "/youtube-video-summarizer",
      "/transcribe",
      "/integrations",
      "/audio-to-text",
      "/video-to-text",
      "/meeting-summarizer",
      "/admin/notes",
      "/admin/users",
      "/admin/note/:ownerId/:id",
      "/admin/user/:userId/notes",
      "/signin",
      "/sso",
      "/terms.html",
      "/policy.html",
      "/cookie-policy.html",
      "/refund.html",
      "/community.html",
      "/onboarding/start",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("names the routes of interpretations 16 at their paths", () => {
    expect(namedPaths).toEqual({
      LandingPage: "/",
      Login: "/login",
      VerifyEmail: "/verify",
      OnboardingDefault: "/onboarding/start",
      Paywall: "/paywall",
      Home: "/home",
      Default: "/home",
    });
    for (const [name, path] of Object.entries(namedPaths)) {
      if (name === "Default") continue;
      expect(findRouteByName(name)?.path).toBe(path);
    }
    expect(findRouteByName("Checkout")?.path).toBe("/checkout/:productId");
    expect(findRouteByName("OnboardingDefault")?.layout).toBe("generic-onboarding");
    expect(findRouteByName("Nope")).toBeUndefined();
  });

  it("has one unlocalized route, the shared note", () => {
    expect(routeTable.filter((r) => r.isUnlocalized).map((r) => r.path)).toEqual(["/n/:noteShareId"]);
  });
});

describe("matchRoute: every route in every locale", () => {
  it.each(localized.flatMap((route) => localeCases.map((locale) => [route.name, locale, route] as const)))(
    "%s in %s",
    (_name, locale, route) => {
      const { path, params } = example(route);
      const expected = { route, locale, params, path, hasValidParams: true };
      expect(matchRoute(prefix(locale, path))).toEqual(expected);
      // The trailing-slash form is the same page.
      const slashed = path === "/" ? prefix(locale, "/") : `${prefix(locale, path)}/`;
      expect(matchRoute(slashed)).toEqual(expected);
    },
  );

  it.each(routeTable.filter((r) => r.isUnlocalized).map((r) => [r.name, r] as const))(
    "%s matches only without a prefix",
    (_name, route) => {
      const { path, params } = example(route);
      expect(matchRoute(path)).toEqual({ route, locale: "en", params, path, hasValidParams: true });
      expect(matchRoute(`${path}/`)).toEqual({ route, locale: "en", params, path, hasValidParams: true });
      expect(matchRoute(`/es${path}`)).toBeNull();
      expect(matchRoute(`/pt${path}`)).toBeNull();
    },
  );
});

describe("matchRoute: specific paths", () => {
  it.each<[string, string, Locale, Record<string, string>, string]>([
    ["/", "LandingPage", "en", {}, "/"],
    ["", "LandingPage", "en", {}, "/"],
    ["/es", "LandingPage", "es", {}, "/"],
    ["/es/", "LandingPage", "es", {}, "/"],
    ["/pt", "LandingPage", "pt", {}, "/"],
    ["/pt/", "LandingPage", "pt", {}, "/"],
    ["/notes", "Notes", "en", {}, "/notes"],
    ["/notes///", "Notes", "en", {}, "/notes"],
    ["/note/abc", "Note", "en", { id: "abc" }, "/note/abc"],
    ["/es/note/abc/", "Note", "es", { id: "abc" }, "/note/abc"],
    ["/pt/folder/F-9_z", "Folder", "pt", { folderId: "F-9_z" }, "/folder/F-9_z"],
    ["/settings", "Settings", "en", {}, "/settings"],
    ["/settings/profile", "SettingsProfile", "en", {}, "/settings/profile"],
    ["/settings/profile/billing", "SettingsBilling", "en", {}, "/settings/profile/billing"],
    ["/es/settings/calendar", "SettingsCalendar", "es", {}, "/settings/calendar"],
    ["/onboarding", "Onboarding", "en", {}, "/onboarding"],
    ["/onboarding/start", "OnboardingDefault", "en", {}, "/onboarding/start"],
    ["/onboarding-widget", "OnboardingWidget", "en", {}, "/onboarding-widget"],
    ["/start", "Start", "en", {}, "/start"],
    ["/es/admin", "AdminOverview", "es", {}, "/admin"],
    ["/admin/notes", "AdminNotes", "en", {}, "/admin/notes"],
    ["/admin/note/owner1/note2", "AdminNote", "en", { ownerId: "owner1", id: "note2" }, "/admin/note/owner1/note2"],
    ["/pt/admin/user/u-7/notes", "AdminUserNotes", "pt", { userId: "u-7" }, "/admin/user/u-7/notes"],
    ["/checkout/pri_01h", "Checkout", "en", { productId: "pri_01h" }, "/checkout/pri_01h"],
    ["/n/Share_1", "SharedNote", "en", { noteShareId: "Share_1" }, "/n/Share_1"],
    ["/demo-note/d1", "DemoNote", "en", { id: "d1" }, "/demo-note/d1"],
    ["/es/demo-note/d1", "DemoNote", "es", { id: "d1" }, "/demo-note/d1"],
    ["/terms.html", "Terms", "en", {}, "/terms.html"],
    ["/pt/community.html", "Community", "pt", {}, "/community.html"],
    ["/verify", "VerifyEmail", "en", {}, "/verify"],
    ["/signin", "SignIn", "en", {}, "/signin"],
    ["/sso", "Sso", "en", {}, "/sso"],
    ["/ui-kit", "UiKit", "en", {}, "/ui-kit"],
  ])("%j -> %s (%s) %o at %s", (pathname, name, locale, params, path) => {
    const match = matchRoute(pathname);
    expect(match).not.toBeNull();
    expect(match?.route.name).toBe(name);
    expect(match?.locale).toBe(locale);
    expect(match?.params).toEqual(params);
    expect(match?.path).toBe(path);
    expect(match?.hasValidParams).toBe(true);
  });

  it.each([
    "/nope",
    "/home/extra",
    "/note",
    "/note/",
    "/note/a/b",
    "/notes/abc",
    "/admin/nope",
    "/admin/note/only-one",
    "/admin/user/u1",
    "/checkout",
    "/settings/profile/billing/x",
    "/Home",
    "/HOME",
    "/ES/notes",
    "/en/home",
    "/en",
    "/es/es/notes",
    "/es/pt/notes",
    "/esx",
    "/esnotes",
    "/pthome",
    "//home",
    "/home.html",
    "/terms",
    "/termsxhtml",
    "/es/n/abc",
    "/pt/n/abc",
    "/n",
    "/n/",
    "/n/a/b",
  ])("%j matches nothing", (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });
});

describe("matchRoute: parameter validation", () => {
  const longest = "a".repeat(128);

  it.each<[string, string, boolean]>([
    ["/note/abc", "abc", true],
    ["/note/A-Z_0-9", "A-Z_0-9", true],
    [`/note/${longest}`, longest, true],
    [`/note/${longest}a`, `${longest}a`, false],
    ["/note/abc%2D1", "abc-1", true],
    ["/note/a%20b", "a b", false],
    ["/note/a%2Fb", "a/b", false],
    ["/note/a.b", "a.b", false],
    ["/note/a!b", "a!b", false],
    ["/note/caf%C3%A9", "café", false],
    ["/note/..", "..", false],
    ["/note/%E0%A4%A", "%E0%A4%A", false],
    ["/note/%", "%", false],
  ])("%s -> param %j, valid %s", (pathname, id, valid) => {
    const match = matchRoute(pathname);
    expect(match?.route.name).toBe("Note");
    expect(match?.params).toEqual({ id });
    expect(match?.hasValidParams).toBe(valid);
  });

  it("one bad parameter of two makes the match invalid", () => {
    expect(matchRoute("/admin/note/owner1/bad%20id")).toMatchObject({
      params: { ownerId: "owner1", id: "bad id" },
      hasValidParams: false,
    });
    expect(matchRoute("/admin/note/bad.owner/n1")).toMatchObject({
      params: { ownerId: "bad.owner", id: "n1" },
      hasValidParams: false,
    });
  });

  it("validates in every locale and on the unlocalized route", () => {
    expect(matchRoute("/es/checkout/a%20b")).toMatchObject({ locale: "es", hasValidParams: false });
    expect(matchRoute("/pt/folder/a.b")).toMatchObject({ locale: "pt", hasValidParams: false });
    expect(matchRoute("/n/a%20b")).toMatchObject({ locale: "en", params: { noteShareId: "a b" }, hasValidParams: false });
  });

  it("routes without parameters are always valid", () => {
    expect(matchRoute("/home")).toMatchObject({ params: {}, hasValidParams: true });
  });
});

import { describe, expect, it } from "vitest";
import type { Environment } from "../environment";
import type { Locale } from "../i18n/locales";
import { decideRoute, isAbsoluteUrl, knownQueryErrors, type RouteAlert, type RouteDecision, safeNext, type Viewer } from "./decide-route";
import { matchRoute } from "./match-route";
import { type RouteDef, routeTable } from "./route-table";

// --- viewers -------------------------------------------------------------------------------------

/** Verified, onboarded, free plan, has seen the paywall once: the user who is let through everywhere. */
const member: Viewer = {
  needsVerification: false,
  hasFinishedOnboarding: true,
  isPro: false,
  isAdmin: false,
  hasSeenPaywall: true,
};
const pro: Viewer = { ...member, isPro: true };
/** Free, onboarded, paywall not shown yet. */
const fresh: Viewer = { ...member, hasSeenPaywall: false };
const unverified: Viewer = { ...member, needsVerification: true };
const onboarding: Viewer = { ...member, hasFinishedOnboarding: false };
const admin: Viewer = { ...pro, isAdmin: true };
/** Everything still to do: unverified, not onboarded, free, paywall unseen. */
const brandNew: Viewer = { needsVerification: true, hasFinishedOnboarding: false, isPro: false, isAdmin: false, hasSeenPaywall: false };

// --- helpers -------------------------------------------------------------------------------------

interface Options {
  viewer?: Viewer | null;
  environment?: Environment;
  serverRedirect?: string | null;
}

/** Decides `pathname` + `search` as the guards do: match first, then the rules. */
function decide(pathname: string, search = "", options: Options = {}): RouteDecision {
  return decideRoute({
    url: { pathname, search },
    match: matchRoute(pathname),
    viewer: options.viewer ?? null,
    environment: options.environment ?? "production",
    serverRedirect: options.serverRedirect ?? null,
  });
}

/** `?key=value&...` encoded the way browsers and URLSearchParams do. */
function q(params: Record<string, string>): string {
  return `?${new URLSearchParams(params).toString()}`;
}

function redirect(to: string, extra: { alerts?: RouteAlert[]; isPermanent?: boolean; isFullLoad?: boolean } = {}): RouteDecision {
  return {
    kind: "redirect",
    to,
    isFullLoad: extra.isFullLoad ?? false,
    isPermanent: extra.isPermanent ?? false,
    alerts: extra.alerts ?? [],
  };
}

const render = (alerts: RouteAlert[] = []): RouteDecision => ({ kind: "render", alerts });

const errorAlert = (code: string): RouteAlert => ({ type: "error", code: `queryError.${code}` });
const alreadyPro: RouteAlert = { type: "info", code: "alreadyPro" };

/** Follows redirects from `href` the way a browser would, returning every URL visited. */
function settle(href: string, options: Options = {}): string[] {
  const hops = [href];
  for (let i = 0; i < 10; i++) {
    const url = new URL(hops[hops.length - 1] ?? "/", "https://parley.test");
    const decision = decide(url.pathname, url.search, options);
    if (decision.kind !== "redirect") return hops;
    hops.push(decision.to);
  }
  throw new Error(`redirect loop: ${hops.join(" -> ")}`);
}

/** A concrete path for a table row, every `:param` filled with a valid id. */
function examplePath(route: RouteDef): string {
  return route.path.replace(/:(\w+)/g, (_, key: string) => `${key}_1`);
}

const prefix = (locale: Locale, path: string): string => {
  if (locale === "en") return path;
  return path === "/" ? `/${locale}/` : `/${locale}${path}`;
};

const localizedRoutes = routeTable.filter((r) => !r.isUnlocalized);
const guardedRoutes = localizedRoutes.filter((r) => r.access === "signedIn" || r.access === "nonPro" || r.access === "admin");
const adminRoutes = routeTable.filter((r) => r.access === "admin");
const anonymousOnlyRoutes = routeTable.filter((r) => r.access === "anonymousOnly");
const marketingRoutes = routeTable.filter((r) => r.isMarketing);
const localeCases: Locale[] = ["en", "es", "pt"];

// --- not found -----------------------------------------------------------------------------------

describe("decideRoute: not found", () => {
  it.each(["/nope", "/es/nope", "/pt/nope", "/note", "/notes/extra", "/Home", "/en/home", "/es/n/share_1", "/pt/n/share_1"])(
    "answers 'Page not found' when no route matches %s",
    (pathname) => {
      expect(decide(pathname)).toEqual({ kind: "notFound", message: "Page not found", alerts: [] });
    },
  );

  it.each([
    "/note/a%20b",
    "/es/folder/%E0%A4%A",
    "/pt/checkout/bad%2Fid",
    "/admin/note/owner_1/caf%C3%A9",
    "/n/bad.id",
    "/demo-note/bad!id",
  ])("answers 'Page Not Found: {path}' when a parameter of %s fails validation", (pathname) => {
    expect(decide(pathname)).toEqual({ kind: "notFound", message: `Page Not Found: ${pathname}`, alerts: [] });
  });

  it("lets the server redirect lookup move a retired URL that has no page any more", () => {
    const search = q({ source: "ad" });
    expect(decide("/old-pricing", search, { serverRedirect: "/x" })).toEqual({
      kind: "redirect",
      to: "/x?source=ad",
      isFullLoad: false,
      isPermanent: false,
      alerts: [],
    });
    expect(decide("/old-pricing", "", { serverRedirect: "https://example.com/p" })).toMatchObject({ kind: "redirect", isFullLoad: true });
    expect(decide("/note/a%20b", search, { serverRedirect: "/x" })).toMatchObject({ kind: "notFound" });
  });

  it("uses the full browser path, locale prefix included, in the message", () => {
    expect(decide("/es/note/a%20b")).toEqual({ kind: "notFound", message: "Page Not Found: /es/note/a%20b", alerts: [] });
  });

  it("wins over every other rule: next, error, source, the viewer and staging", () => {
    const search = q({ next: "/notes", error: "oauth_failed", source: "ad" });
    for (const options of [{ viewer: null }, { viewer: brandNew }, { viewer: pro, environment: "staging" as const }]) {
      expect(decide("/nope", search, options)).toEqual({ kind: "notFound", message: "Page not found", alerts: [] });
      expect(decide("/note/a%20b", search, options)).toEqual({
        kind: "notFound",
        message: "Page Not Found: /note/a%20b",
        alerts: [],
      });
    }
  });
});

// --- 1. staging-only -----------------------------------------------------------------------------

describe("decideRoute: staging-only routes", () => {
  it.each<[Environment, RouteDecision]>([
    ["production", redirect("/")],
    ["preprod", redirect("/")],
    ["staging", render()],
  ])("in %s", (environment, expected) => {
    expect(decide("/ui-kit", "", { environment })).toEqual(expected);
  });

  it.each([
    ["/ui-kit", "/"],
    ["/es/ui-kit", "/es/"],
    ["/pt/ui-kit", "/pt/"],
    ["/pt/ui-kit/", "/pt/"],
  ])("send %s to the localized landing page %s outside staging", (pathname, to) => {
    expect(decide(pathname, "", { environment: "production" })).toEqual(redirect(to));
  });

  it("beat everything: next, error alert, viewer rules and the server lookup; source is still carried", () => {
    const search = q({ next: "/notes", error: "oauth_failed", source: "ad" });
    for (const viewer of [null, member, brandNew, pro, admin]) {
      expect(decide("/ui-kit", search, { viewer, environment: "preprod", serverRedirect: "https://elsewhere.test/" })).toEqual(
        redirect("/?source=ad"),
      );
    }
    expect(decide("/es/ui-kit", search, { viewer: pro })).toEqual(redirect("/es/?source=ad"));
  });

  it("follow the other rules on staging", () => {
    expect(decide("/ui-kit", q({ next: "/notes" }), { environment: "staging" })).toEqual(redirect("/notes"));
    expect(decide("/ui-kit", q({ error: "boom" }), { environment: "staging" })).toEqual(render([errorAlert("generic")]));
    expect(decide("/ui-kit", "", { environment: "staging", serverRedirect: "/moved" })).toEqual(redirect("/moved"));
  });

  it("only UiKit is staging-only", () => {
    expect(routeTable.filter((r) => r.isStagingOnly).map((r) => r.name)).toEqual(["UiKit"]);
  });
});

// --- 2. error query alert ------------------------------------------------------------------------

describe("decideRoute: the error query parameter", () => {
  it.each(knownQueryErrors.map((code) => [code]))("known code %s raises its own error alert", (code) => {
    expect(decide("/faq", q({ error: code }))).toEqual(render([{ type: "error", code: `queryError.${code}` }]));
  });

  it("lists exactly the known codes", () => {
    expect([...knownQueryErrors]).toEqual(["session_expired", "oauth_failed", "link_expired", "access_denied"]);
  });

  it.each(["boom", "SESSION_EXPIRED", "generic", "session_expired ", "constructor", "__proto__"])(
    "unknown code %j raises the generic error alert",
    (code) => {
      expect(decide("/faq", q({ error: code }))).toEqual(render([errorAlert("generic")]));
    },
  );

  it("an empty or absent error raises nothing", () => {
    expect(decide("/faq", "?error=")).toEqual(render());
    expect(decide("/faq", "")).toEqual(render());
    expect(decide("/faq", "?errors=boom")).toEqual(render());
  });

  it("only the first error value counts", () => {
    expect(decide("/faq", "?error=oauth_failed&error=boom")).toEqual(render([errorAlert("oauth_failed")]));
  });

  it("shows on a rendered signed-in page too", () => {
    expect(decide("/es/notes", q({ error: "link_expired" }), { viewer: member })).toEqual(render([errorAlert("link_expired")]));
  });

  it.each<[string, string, string, Options, RouteDecision]>([
    [
      "following next",
      "/home",
      q({ next: "/notes", error: "oauth_failed" }),
      { viewer: member },
      redirect("/notes", { alerts: [errorAlert("oauth_failed")] }),
    ],
    [
      "landing -> Home",
      "/",
      q({ error: "access_denied" }),
      { viewer: member },
      redirect("/home", { alerts: [errorAlert("access_denied")] }),
    ],
    [
      "anonymous -> Login",
      "/notes",
      q({ error: "session_expired" }),
      {},
      redirect("/login?next=%2Fnotes%3Ferror%3Dsession_expired", { alerts: [errorAlert("session_expired")] }),
    ],
    ["admin -> Home", "/admin/users", q({ error: "boom" }), { viewer: member }, redirect("/home", { alerts: [errorAlert("generic")] })],
    [
      "unverified -> VerifyEmail",
      "/notes",
      q({ error: "boom" }),
      { viewer: unverified },
      redirect("/verify", { alerts: [errorAlert("generic")] }),
    ],
    [
      "onboarding",
      "/notes",
      q({ error: "boom" }),
      { viewer: onboarding },
      redirect("/onboarding/start", { alerts: [errorAlert("generic")] }),
    ],
    ["paywall", "/notes", q({ error: "boom" }), { viewer: fresh }, redirect("/paywall", { alerts: [errorAlert("generic")] })],
    [
      "anonymous-only",
      "/login",
      q({ error: "oauth_failed" }),
      { viewer: member },
      redirect("/home", { alerts: [errorAlert("oauth_failed")] }),
    ],
    [
      "trailing slash (the error stays in the query)",
      "/ai-chat",
      q({ error: "oauth_failed" }),
      {},
      redirect("/ai-chat/?error=oauth_failed", { alerts: [errorAlert("oauth_failed")], isPermanent: true }),
    ],
    [
      "server redirect",
      "/faq",
      q({ error: "boom" }),
      { serverRedirect: "https://help.parley.test/" },
      redirect("https://help.parley.test/", { alerts: [errorAlert("generic")], isFullLoad: true }),
    ],
  ])("is combined with a redirect: %s", (_name, pathname, search, options, expected) => {
    expect(decide(pathname, search, options)).toEqual(expected);
  });

  it("comes before the alreadyPro alert of a non-Pro-only route", () => {
    expect(decide("/paywall", q({ error: "oauth_failed" }), { viewer: pro })).toEqual(
      redirect("/home", { alerts: [errorAlert("oauth_failed"), alreadyPro] }),
    );
  });
});

// --- 3. source -----------------------------------------------------------------------------------

describe("decideRoute: source is carried on every redirect", () => {
  it.each<[string, string, string, Options, RouteDecision]>([
    ["staging-only", "/ui-kit", q({ source: "ad" }), {}, redirect("/?source=ad")],
    ["following next", "/home", q({ next: "/notes", source: "ad" }), { viewer: member }, redirect("/notes?source=ad")],
    [
      "following next with a query",
      "/home",
      q({ next: "/note/n1?tab=2", source: "ad" }),
      { viewer: member },
      redirect("/note/n1?tab=2&source=ad"),
    ],
    ["following next with a hash", "/home", q({ next: "/notes#top", source: "ad" }), { viewer: member }, redirect("/notes?source=ad#top")],
    [
      "following next with a query and a hash",
      "/home",
      q({ next: "/note/n1?tab=2#s3", source: "ad" }),
      { viewer: member },
      redirect("/note/n1?tab=2&source=ad#s3"),
    ],
    [
      "following next whose query only looks like source",
      "/home",
      q({ next: "/notes?resource=1", source: "ad" }),
      { viewer: member },
      redirect("/notes?resource=1&source=ad"),
    ],
    ["landing -> Home", "/", q({ source: "ad" }), { viewer: member }, redirect("/home?source=ad")],
    ["anonymous -> Login", "/notes", q({ source: "ad" }), {}, redirect("/login?next=%2Fnotes%3Fsource%3Dad&source=ad")],
    ["admin -> Home", "/admin/notes", q({ source: "ad" }), { viewer: member }, redirect("/home?source=ad")],
    ["non-Pro-only -> Home", "/paywall", q({ source: "ad" }), { viewer: pro }, redirect("/home?source=ad", { alerts: [alreadyPro] })],
    ["unverified -> VerifyEmail", "/home", q({ source: "ad" }), { viewer: unverified }, redirect("/verify?source=ad")],
    ["verified on VerifyEmail -> Home", "/verify", q({ source: "ad" }), { viewer: member }, redirect("/home?source=ad")],
    ["onboarding", "/home", q({ source: "ad" }), { viewer: onboarding }, redirect("/onboarding/start?source=ad")],
    ["onboarded on OnboardingDefault -> Home", "/onboarding/start", q({ source: "ad" }), { viewer: member }, redirect("/home?source=ad")],
    ["paywall", "/home", q({ source: "ad" }), { viewer: fresh }, redirect("/paywall?source=ad")],
    ["anonymous-only -> Home", "/signup", q({ source: "ad" }), { viewer: member }, redirect("/home?source=ad")],
    ["trailing slash", "/transcribe", q({ source: "ad" }), {}, redirect("/transcribe/?source=ad", { isPermanent: true })],
    ["relative server redirect", "/faq", q({ source: "ad" }), { serverRedirect: "/moved" }, redirect("/moved?source=ad")],
    [
      "absolute server redirect",
      "/faq",
      q({ source: "ad" }),
      { serverRedirect: "https://blog.parley.test/post?id=3" },
      redirect("https://blog.parley.test/post?id=3&source=ad", { isFullLoad: true }),
    ],
  ])("%s", (_name, pathname, search, options, expected) => {
    expect(decide(pathname, search, options)).toEqual(expected);
  });

  it("does not override a source the target already names", () => {
    expect(decide("/home", q({ next: "/notes?source=mail", source: "ad" }), { viewer: member })).toEqual(redirect("/notes?source=mail"));
    expect(decide("/faq", q({ source: "ad" }), { serverRedirect: "/moved?source=lookup" })).toEqual(redirect("/moved?source=lookup"));
  });

  it("is encoded", () => {
    expect(decide("/ui-kit", q({ source: "a b&c=d" }))).toEqual(redirect("/?source=a+b%26c%3Dd"));
    expect(decide("/es/home", q({ source: "a b" }), { viewer: fresh })).toEqual(redirect("/es/paywall?source=a+b"));
  });

  it("an empty source is not carried", () => {
    expect(decide("/ui-kit", "?source=")).toEqual(redirect("/"));
    expect(decide("/home", "?source=", { viewer: fresh })).toEqual(redirect("/paywall"));
    expect(decide("/faq", "?source=", { serverRedirect: "/moved" })).toEqual(redirect("/moved"));
  });

  it("other query parameters are not carried by the guard redirects", () => {
    expect(decide("/home", "?tab=2&utm_source=x&source=ad", { viewer: fresh })).toEqual(redirect("/paywall?source=ad"));
    expect(decide("/ui-kit", "?tab=2")).toEqual(redirect("/"));
  });

  it("a rendered page is not touched", () => {
    expect(decide("/faq", q({ source: "ad" }))).toEqual(render());
  });
});

// --- 4. next -------------------------------------------------------------------------------------

describe("decideRoute: next outside the auth flow is followed", () => {
  it.each<[string, string, Viewer | null, string]>([
    ["/home", "/notes", member, "/notes"],
    ["/faq", "/notes", null, "/notes"],
    ["/", "/es/notes", null, "/es/notes"],
    ["/ai-chat/", "/pricing", null, "/pricing"],
    ["/es/home", "/es/notes", member, "/es/notes"],
    ["/pt/notes", "/pt/note/n1?tab=transcript", member, "/pt/note/n1?tab=transcript"],
    ["/n/share_1", "/notes", null, "/notes"],
    ["/onboarding/start", "/paywall", onboarding, "/paywall"],
  ])("%s?next=%s -> %s (as-is, with its query string, not localized again)", (pathname, next, viewer, to) => {
    expect(decide(pathname, q({ next }), { viewer })).toEqual(redirect(to));
  });

  it("comes before the landing, sign-in, verification, onboarding, paywall, trailing-slash and server rules", () => {
    const search = q({ next: "/notes" });
    expect(decide("/", search, { viewer: member })).toEqual(redirect("/notes"));
    expect(decide("/home", search, { viewer: null })).toEqual(redirect("/notes"));
    expect(decide("/admin/users", search, { viewer: member })).toEqual(redirect("/notes"));
    expect(decide("/paywall", search, { viewer: pro })).toEqual(redirect("/notes"));
    expect(decide("/home", search, { viewer: brandNew })).toEqual(redirect("/notes"));
    expect(decide("/ai-chat", search, { viewer: null })).toEqual(redirect("/notes"));
    expect(decide("/faq", search, { serverRedirect: "https://elsewhere.test/" })).toEqual(redirect("/notes"));
  });

  it.each([
    "//evil.com",
    "//evil.com/notes",
    "/\\evil.com",
    "/\\/evil.com",
    "https://evil.com",
    "http://evil.com/notes",
    "HTTPS://evil.com",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.com",
    "notes",
    " /notes",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\nSet-Cookie: a=b",
    "/notes\u0000",
    "",
  ])("unsafe next %j is ignored", (next) => {
    const search = q({ next });
    expect(decide("/home", search, { viewer: member })).toEqual(render());
    expect(decide("/faq", search)).toEqual(render());
    // ...and the other rules go on as if it were absent.
    expect(decide("/home", search, { viewer: fresh })).toEqual(redirect("/paywall"));
  });

  it("an unsafe next is never carried by an auth-flow redirect either", () => {
    expect(decide("/login", q({ next: "//evil.com" }), { viewer: member })).toEqual(redirect("/home"));
    expect(decide("/login", q({ next: "/\\evil.com", source: "ad" }), { viewer: member })).toEqual(redirect("/home?source=ad"));
    expect(decide("/verify", q({ next: "https://evil.com" }), { viewer: member })).toEqual(redirect("/home"));
  });

  it("a Login redirect keeps the unsafe next inside the wanted path, where it is ignored again", () => {
    expect(decide("/notes", q({ next: "//evil.com" }))).toEqual(redirect("/login?next=%2Fnotes%3Fnext%3D%252F%252Fevil.com"));
    expect(settle("/notes?next=%2F%2Fevil.com", { viewer: member })).toEqual(["/notes?next=%2F%2Fevil.com"]);
  });
});

describe("decideRoute: next on auth-flow routes is kept across their redirects", () => {
  const authFlowRoutes = routeTable.filter((r) => r.isAuthFlow);

  it("the auth-flow routes are the anonymous-only ones and VerifyEmail", () => {
    expect(authFlowRoutes.map((r) => r.name)).toEqual([
      "Login",
      "Signup",
      "Register",
      "EmailLogin",
      "ForgotPassword",
      "GoogleOneTap",
      "VerifyEmail",
    ]);
  });

  it.each(anonymousOnlyRoutes.map((r) => [r.path]))("anonymous on %s?next=/notes renders (next not followed)", (path) => {
    expect(decide(path, q({ next: "/notes" }))).toEqual(render());
  });

  it.each(anonymousOnlyRoutes.flatMap((r) => localeCases.map((locale) => [prefix(locale, r.path), locale] as const)))(
    "signed in on %s?next=... goes Home keeping next",
    (path, locale) => {
      const next = prefix(locale, "/notes");
      expect(decide(path, q({ next }), { viewer: member })).toEqual(
        redirect(`${prefix(locale, "/home")}?next=${encodeURIComponent(next)}`),
      );
    },
  );

  it.each<[string, string, RouteDecision]>([
    ["/login", q({ next: "/notes" }), redirect("/home?next=%2Fnotes")],
    ["/es/login", q({ next: "/es/notes" }), redirect("/es/home?next=%2Fes%2Fnotes")],
    ["/pt/signup", q({ next: "/pt/note/n1?tab=2" }), redirect("/pt/home?next=%2Fpt%2Fnote%2Fn1%3Ftab%3D2")],
    ["/login", q({ next: "/notes", source: "ad" }), redirect("/home?source=ad&next=%2Fnotes")],
    [
      "/login",
      q({ source: "ad", next: "/notes", error: "oauth_failed" }),
      redirect("/home?source=ad&next=%2Fnotes", { alerts: [errorAlert("oauth_failed")] }),
    ],
  ])("signed in on %s%s", (pathname, search, expected) => {
    expect(decide(pathname, search, { viewer: member })).toEqual(expected);
  });

  it("VerifyEmail keeps next for the unverified user and carries it Home once verified", () => {
    expect(decide("/verify", q({ next: "/notes" }), { viewer: unverified })).toEqual(render());
    expect(decide("/verify", q({ next: "/notes" }), { viewer: member })).toEqual(redirect("/home?next=%2Fnotes"));
    expect(decide("/es/verify", q({ next: "/es/notes", source: "ad" }), { viewer: member })).toEqual(
      redirect("/es/home?source=ad&next=%2Fes%2Fnotes"),
    );
  });

  it("VerifyEmail still needs a signed-in user; next travels inside the wanted path", () => {
    expect(decide("/verify", q({ next: "/notes" }))).toEqual(redirect("/login?next=%2Fverify%3Fnext%3D%252Fnotes"));
  });

  it("a whole sign-in round trip lands on the wanted page, locale and query intact", () => {
    const wanted = "/es/note/n1?tab=transcript";
    expect(settle(wanted)).toEqual([wanted, "/es/login?next=%2Fes%2Fnote%2Fn1%3Ftab%3Dtranscript"]);
    expect(settle("/es/login?next=%2Fes%2Fnote%2Fn1%3Ftab%3Dtranscript", { viewer: member })).toEqual([
      "/es/login?next=%2Fes%2Fnote%2Fn1%3Ftab%3Dtranscript",
      "/es/home?next=%2Fes%2Fnote%2Fn1%3Ftab%3Dtranscript",
      wanted,
    ]);
  });

  it("a round trip carries source all the way", () => {
    expect(settle("/notes?source=ad")).toEqual(["/notes?source=ad", "/login?next=%2Fnotes%3Fsource%3Dad&source=ad"]);
    expect(settle("/login?next=%2Fnotes%3Fsource%3Dad&source=ad", { viewer: member })).toEqual([
      "/login?next=%2Fnotes%3Fsource%3Dad&source=ad",
      "/home?source=ad&next=%2Fnotes%3Fsource%3Dad",
      "/notes?source=ad",
    ]);
  });

  it("after sign-in, the guards of the wanted page still apply", () => {
    expect(settle("/login?next=%2Fnotes", { viewer: brandNew })).toEqual([
      "/login?next=%2Fnotes",
      "/home?next=%2Fnotes",
      "/notes",
      "/verify",
    ]);
    expect(settle("/login?next=%2Fnotes", { viewer: fresh })).toEqual([
      "/login?next=%2Fnotes",
      "/home?next=%2Fnotes",
      "/notes",
      "/paywall",
    ]);
  });
});

// --- 5. landing page -----------------------------------------------------------------------------

describe("decideRoute: the landing page", () => {
  it.each<[string, Viewer | null, RouteDecision]>([
    ["/", null, render()],
    ["/", member, redirect("/home")],
    ["/", pro, redirect("/home")],
    ["/", admin, redirect("/home")],
    ["/", onboarding, redirect("/home")],
    ["/", fresh, redirect("/home")],
    ["/es/", member, redirect("/es/home")],
    ["/es", member, redirect("/es/home")],
    ["/pt/", member, redirect("/pt/home")],
    ["/pt", member, redirect("/pt/home")],
    ["/", unverified, render()],
    ["/", brandNew, render()],
    ["/es/", unverified, render()],
    ["/es", unverified, redirect("/es/", { isPermanent: true })],
    ["/es", null, redirect("/es/", { isPermanent: true })],
  ])("%s for %o", (pathname, viewer, expected) => {
    expect(decide(pathname, "", { viewer })).toEqual(expected);
  });

  it("only the landing page sends signed-in users Home; other marketing pages render", () => {
    for (const route of marketingRoutes.filter((r) => r.name !== "LandingPage")) {
      expect(decide(`${route.path}/`, "", { viewer: member })).toEqual(render());
    }
  });

  it("beats the server lookup", () => {
    expect(decide("/", "", { viewer: member, serverRedirect: "/moved" })).toEqual(redirect("/home"));
    expect(decide("/", "", { viewer: null, serverRedirect: "/moved" })).toEqual(redirect("/moved"));
  });
});

// --- 6. authentication ---------------------------------------------------------------------------

describe("decideRoute: routes needing authentication", () => {
  it("are the signedIn, nonPro and admin rows", () => {
    expect(guardedRoutes.map((r) => r.name)).toEqual([
      "VerifyEmail",
      "Home",
      "Notes",
      "AskAi",
      "Note",
      "Folder",
      "Settings",
      "SettingsProfile",
      "SettingsEmail",
      "SettingsBilling",
      "SettingsCalendar",
      "OnboardingDefault",
      "Paywall",
      "Checkout",
      "AdminNotes",
      "AdminUsers",
      "AdminNote",
      "AdminUserNotes",
    ]);
  });

  it.each(guardedRoutes.flatMap((r) => localeCases.map((locale) => [prefix(locale, examplePath(r)), locale] as const)))(
    "anonymous on %s goes to Login with next",
    (path, locale) => {
      expect(decide(path)).toEqual(redirect(`${prefix(locale, "/login")}?next=${encodeURIComponent(path)}`));
    },
  );

  it.each<[string, string, string]>([
    ["/notes", "", "/login?next=%2Fnotes"],
    ["/es/notes", "", "/es/login?next=%2Fes%2Fnotes"],
    ["/pt/notes", "", "/pt/login?next=%2Fpt%2Fnotes"],
    ["/note/n1", "?tab=transcript", "/login?next=%2Fnote%2Fn1%3Ftab%3Dtranscript"],
    ["/es/folder/f1", "?sort=new&page=2", "/es/login?next=%2Fes%2Ffolder%2Ff1%3Fsort%3Dnew%26page%3D2"],
    ["/notes/", "", "/login?next=%2Fnotes%2F"],
    ["/checkout/pro_1y", "", "/login?next=%2Fcheckout%2Fpro_1y"],
    ["/admin/note/owner_1/n1", "", "/login?next=%2Fadmin%2Fnote%2Fowner_1%2Fn1"],
    ["/onboarding/start", "", "/login?next=%2Fonboarding%2Fstart"],
    ["/es/settings/profile/billing", "", "/es/login?next=%2Fes%2Fsettings%2Fprofile%2Fbilling"],
  ])("anonymous on %s%s -> %s (exact)", (pathname, search, to) => {
    expect(decide(pathname, search)).toEqual(redirect(to));
  });

  it("beats the server lookup", () => {
    expect(decide("/notes", "", { serverRedirect: "https://elsewhere.test/" })).toEqual(redirect("/login?next=%2Fnotes"));
  });

  it.each(
    localizedRoutes
      .filter((r) => r.access === "public" && !r.isMarketing && !r.isStagingOnly)
      .flatMap((r) => localeCases.map((locale) => [prefix(locale, examplePath(r))])),
  )("public page %s renders for anonymous visitors", (path) => {
    expect(decide(path)).toEqual(render());
  });

  it.each(anonymousOnlyRoutes.flatMap((r) => localeCases.map((locale) => [prefix(locale, r.path)])))(
    "anonymous-only page %s renders for anonymous visitors",
    (path) => {
      expect(decide(path)).toEqual(render());
    },
  );

  it("the shared note renders for anyone, in its one unprefixed variant", () => {
    for (const viewer of [null, member, brandNew]) {
      expect(decide("/n/share_1", "", { viewer })).toEqual(render());
      expect(decide("/n/share_1/", "", { viewer })).toEqual(render());
      expect(decide("/es/n/share_1", "", { viewer })).toEqual({ kind: "notFound", message: "Page not found", alerts: [] });
    }
  });
});

// --- 7. admin ------------------------------------------------------------------------------------

describe("decideRoute: admin routes", () => {
  it.each(adminRoutes.flatMap((r) => localeCases.map((locale) => [prefix(locale, examplePath(r)), locale] as const)))(
    "%s sends a signed-in non-admin Home and renders for an admin",
    (path, locale) => {
      expect(decide(path, "", { viewer: member })).toEqual(redirect(prefix(locale, "/home")));
      expect(decide(path, "", { viewer: pro })).toEqual(redirect(prefix(locale, "/home")));
      expect(decide(path, "", { viewer: admin })).toEqual(render());
    },
  );

  it("comes before verification, onboarding and paywall", () => {
    expect(decide("/admin/users", "", { viewer: brandNew })).toEqual(redirect("/home"));
  });

  it("an admin still goes through verification, onboarding and the paywall", () => {
    expect(decide("/admin/users", "", { viewer: { ...admin, needsVerification: true } })).toEqual(redirect("/verify"));
    expect(decide("/admin/users", "", { viewer: { ...admin, hasFinishedOnboarding: false } })).toEqual(redirect("/onboarding/start"));
    expect(decide("/admin/users", "", { viewer: { ...admin, isPro: false, hasSeenPaywall: false } })).toEqual(redirect("/paywall"));
    expect(decide("/admin/users", "", { viewer: { ...admin, isPro: false } })).toEqual(render());
  });
});

// --- 8. non-Pro only -----------------------------------------------------------------------------

describe("decideRoute: non-Pro-only routes", () => {
  it.each<[string, string]>([
    ["/paywall", "/home"],
    ["/checkout/pro_1y", "/home"],
    ["/es/paywall", "/es/home"],
    ["/es/checkout/pro_1y", "/es/home"],
    ["/pt/paywall", "/pt/home"],
    ["/pt/checkout/pro_1y", "/pt/home"],
  ])("a Pro user on %s goes to %s with the alreadyPro info alert", (pathname, to) => {
    expect(decide(pathname, "", { viewer: pro })).toEqual(redirect(to, { alerts: [alreadyPro] }));
    expect(decide(pathname, "", { viewer: admin })).toEqual(redirect(to, { alerts: [alreadyPro] }));
  });

  it.each(["/paywall", "/checkout/pro_1y", "/es/paywall", "/pt/checkout/pro_1m"])(
    "a free user renders %s, paywall seen or not",
    (pathname) => {
      expect(decide(pathname, "", { viewer: member })).toEqual(render());
      expect(decide(pathname, "", { viewer: fresh })).toEqual(render());
    },
  );

  it("comes before verification: an unverified Pro user goes Home with the alert first", () => {
    expect(decide("/paywall", "", { viewer: { ...pro, needsVerification: true } })).toEqual(redirect("/home", { alerts: [alreadyPro] }));
    expect(settle("/paywall", { viewer: { ...pro, needsVerification: true } })).toEqual(["/paywall", "/home", "/verify"]);
  });
});

// --- 9. verification -----------------------------------------------------------------------------

describe("decideRoute: unverified e-mail", () => {
  const nonExempt = guardedRoutes.filter((r) => !r.isExemptFromVerify && r.access !== "admin" && r.access !== "nonPro");

  it("Paywall, Checkout and VerifyEmail itself are the exempt rows", () => {
    expect(routeTable.filter((r) => r.isExemptFromVerify).map((r) => r.name)).toEqual(["VerifyEmail", "Paywall", "Checkout"]);
  });

  it.each(nonExempt.flatMap((r) => localeCases.map((locale) => [prefix(locale, examplePath(r)), locale] as const)))(
    "%s sends an unverified user to VerifyEmail",
    (path, locale) => {
      expect(decide(path, "", { viewer: unverified })).toEqual(redirect(prefix(locale, "/verify")));
      expect(decide(path, "", { viewer: brandNew })).toEqual(redirect(prefix(locale, "/verify")));
    },
  );

  it.each(["/paywall", "/checkout/pro_1y", "/es/paywall", "/pt/checkout/pro_1y"])("%s is exempt", (pathname) => {
    expect(decide(pathname, "", { viewer: unverified })).toEqual(render());
    expect(decide(pathname, "", { viewer: { ...unverified, hasSeenPaywall: false } })).toEqual(render());
  });

  it("Paywall is exempt from verification but not from onboarding", () => {
    expect(decide("/paywall", "", { viewer: brandNew })).toEqual(redirect("/onboarding/start"));
  });

  it("VerifyEmail renders for the unverified user, whatever else is left to do", () => {
    expect(decide("/verify", "", { viewer: unverified })).toEqual(render());
    expect(decide("/verify", "", { viewer: brandNew })).toEqual(render());
    expect(decide("/es/verify", "", { viewer: brandNew })).toEqual(render());
  });

  it.each<[string, string]>([
    ["/verify", "/home"],
    ["/es/verify", "/es/home"],
    ["/pt/verify/", "/pt/home"],
  ])("a verified user on %s goes to %s", (pathname, to) => {
    expect(decide(pathname, "", { viewer: member })).toEqual(redirect(to));
    expect(decide(pathname, "", { viewer: onboarding })).toEqual(redirect(to));
    expect(decide(pathname, "", { viewer: fresh })).toEqual(redirect(to));
  });

  it("public pages are not guarded", () => {
    expect(decide("/faq", "", { viewer: unverified })).toEqual(render());
    expect(decide("/demo-note/d1", "", { viewer: unverified })).toEqual(render());
    expect(decide("/ai-chat/", "", { viewer: unverified })).toEqual(render());
  });

  it("comes before onboarding and the paywall", () => {
    expect(decide("/onboarding/start", "", { viewer: brandNew })).toEqual(redirect("/verify"));
    expect(decide("/home", "", { viewer: { ...fresh, needsVerification: true } })).toEqual(redirect("/verify"));
  });
});

// --- 10. onboarding ------------------------------------------------------------------------------

describe("decideRoute: onboarding", () => {
  it.each<[string, string]>([
    ["/home", "/onboarding/start"],
    ["/notes", "/onboarding/start"],
    ["/note/n1", "/onboarding/start"],
    ["/settings/profile", "/onboarding/start"],
    ["/es/notes", "/es/onboarding/start"],
    ["/pt/ask-ai", "/pt/onboarding/start"],
    ["/paywall", "/onboarding/start"],
    ["/checkout/pro_1y", "/onboarding/start"],
  ])("an unfinished user on %s goes to %s", (pathname, to) => {
    expect(decide(pathname, "", { viewer: onboarding })).toEqual(redirect(to));
  });

  it.each(["/onboarding/start", "/es/onboarding/start", "/pt/onboarding/start/"])("%s renders for an unfinished user", (pathname) => {
    expect(decide(pathname, "", { viewer: onboarding })).toEqual(render());
    expect(decide(pathname, "", { viewer: { ...onboarding, hasSeenPaywall: false } })).toEqual(render());
  });

  it.each<[string, string]>([
    ["/onboarding/start", "/home"],
    ["/es/onboarding/start", "/es/home"],
    ["/pt/onboarding/start", "/pt/home"],
  ])("a finished user on %s goes to %s", (pathname, to) => {
    expect(decide(pathname, "", { viewer: member })).toEqual(redirect(to));
    expect(decide(pathname, "", { viewer: pro })).toEqual(redirect(to));
    expect(decide(pathname, "", { viewer: fresh })).toEqual(redirect(to));
  });

  it("comes before the paywall", () => {
    expect(decide("/home", "", { viewer: { ...onboarding, hasSeenPaywall: false } })).toEqual(redirect("/onboarding/start"));
  });

  it("the onboarding marketing pages are public and unrelated", () => {
    expect(decide("/onboarding/", "", { viewer: onboarding })).toEqual(render());
    expect(decide("/start/", "", { viewer: null })).toEqual(render());
  });
});

// --- 11. paywall ---------------------------------------------------------------------------------

describe("decideRoute: paywall after onboarding", () => {
  it.each<[string, string]>([
    ["/home", "/paywall"],
    ["/notes", "/paywall"],
    ["/settings/calendar", "/paywall"],
    ["/es/home", "/es/paywall"],
    ["/pt/folder/f1", "/pt/paywall"],
  ])("a free user who has not seen it goes from %s to %s", (pathname, to) => {
    expect(decide(pathname, "", { viewer: fresh })).toEqual(redirect(to));
  });

  it.each(["/home", "/notes", "/es/settings/profile/billing"])("a free user who has seen it renders %s", (pathname) => {
    expect(decide(pathname, "", { viewer: member })).toEqual(render());
  });

  it.each(["/home", "/notes", "/pt/ask-ai"])("a Pro user renders %s whether or not the paywall was seen", (pathname) => {
    expect(decide(pathname, "", { viewer: pro })).toEqual(render());
    expect(decide(pathname, "", { viewer: { ...pro, hasSeenPaywall: false } })).toEqual(render());
  });

  it("Paywall and Checkout themselves render", () => {
    expect(decide("/paywall", "", { viewer: fresh })).toEqual(render());
    expect(decide("/checkout/pro_1y", "", { viewer: fresh })).toEqual(render());
  });

  it("public pages are not guarded", () => {
    expect(decide("/faq", "", { viewer: fresh })).toEqual(render());
    expect(decide("/n/share_1", "", { viewer: fresh })).toEqual(render());
  });

  it("beats the server lookup", () => {
    expect(decide("/home", "", { viewer: fresh, serverRedirect: "/moved" })).toEqual(redirect("/paywall"));
  });

  it("a brand-new user is walked through verification, onboarding and the paywall in that order", () => {
    const afterVerify: Viewer = { ...brandNew, needsVerification: false };
    const afterOnboarding: Viewer = { ...afterVerify, hasFinishedOnboarding: true };
    expect(settle("/notes", { viewer: brandNew })).toEqual(["/notes", "/verify"]);
    expect(settle("/verify", { viewer: afterVerify })).toEqual(["/verify", "/home", "/onboarding/start"]);
    expect(settle("/onboarding/start", { viewer: afterOnboarding })).toEqual(["/onboarding/start", "/home", "/paywall"]);
    expect(settle("/paywall", { viewer: { ...afterOnboarding, hasSeenPaywall: true } })).toEqual(["/paywall"]);
  });
});

// --- 12. anonymous only --------------------------------------------------------------------------

describe("decideRoute: anonymous-only routes", () => {
  it.each(anonymousOnlyRoutes.flatMap((r) => localeCases.map((locale) => [prefix(locale, r.path), locale] as const)))(
    "%s sends any signed-in user Home",
    (path, locale) => {
      for (const viewer of [member, pro, admin, unverified, onboarding, fresh, brandNew]) {
        expect(decide(path, "", { viewer })).toEqual(redirect(prefix(locale, "/home")));
      }
    },
  );

  it("beats the server lookup", () => {
    expect(decide("/login", "", { viewer: member, serverRedirect: "/moved" })).toEqual(redirect("/home"));
  });

  it("does not touch the public auth pages", () => {
    for (const path of ["/reset-password", "/email-action", "/signin", "/sso"]) {
      expect(decide(path, "", { viewer: member })).toEqual(render());
      expect(decide(path, "", { viewer: null })).toEqual(render());
    }
    expect(decide("/sso", "?banned=true")).toEqual(render());
  });
});

// --- 13. trailing slash --------------------------------------------------------------------------

describe("decideRoute: marketing trailing slash", () => {
  const nonLandingMarketing = marketingRoutes.filter((r) => r.name !== "LandingPage");

  it("marketing pages are the landing pages and the onboarding marketing pages", () => {
    expect(marketingRoutes.map((r) => r.path)).toEqual([
      "/",
      "/ai-chat",
      "/youtube-video-summarizer",
      "/transcribe",
      "/integrations",
      "/audio-to-text",
      "/video-to-text",
      "/meeting-summarizer",
      "/onboarding",
      "/onboarding-speech-to-text",
      "/onboarding-transcribe",
      "/onboarding-audio-to-text",
      "/onboarding-widget",
      "/start",
    ]);
  });

  it.each(nonLandingMarketing.flatMap((r) => localeCases.map((locale) => [prefix(locale, r.path)])))(
    "%s gets a permanent redirect to its trailing-slash form, and that form renders",
    (path) => {
      expect(decide(path)).toEqual(redirect(`${path}/`, { isPermanent: true }));
      expect(decide(path, "", { viewer: member })).toEqual(redirect(`${path}/`, { isPermanent: true }));
      expect(decide(`${path}/`)).toEqual(render());
    },
  );

  it.each<[string, string, string]>([
    ["/es", "", "/es/"],
    ["/pt", "", "/pt/"],
    ["/ai-chat", "?utm_source=x&utm_campaign=y", "/ai-chat/?utm_source=x&utm_campaign=y"],
    ["/es/transcribe", "?source=ad&utm_medium=cpc", "/es/transcribe/?source=ad&utm_medium=cpc"],
    ["/pt/onboarding-widget", "?a=1&a=2", "/pt/onboarding-widget/?a=1&a=2"],
    ["/start", "?", "/start/?"],
  ])("%s%s -> %s keeping the query as-is", (pathname, search, to) => {
    expect(decide(pathname, search)).toEqual(redirect(to, { isPermanent: true }));
  });

  it("the English landing page already has its slash", () => {
    expect(decide("/")).toEqual(render());
  });

  it.each([
    "/faq",
    "/es/faq",
    "/terms.html",
    "/policy.html",
    "/cookie-policy.html",
    "/refund.html",
    "/community.html",
    "/pt/refund.html",
    "/reset-password",
    "/email-action",
    "/signin",
    "/sso",
    "/demo-note/d1",
    "/n/share_1",
    "/login",
  ])("non-marketing page %s gets no trailing slash", (pathname) => {
    expect(decide(pathname)).toEqual(render());
  });

  it.each(["/home", "/es/notes", "/settings/profile", "/paywall"])("dashboard page %s gets no trailing slash", (pathname) => {
    expect(decide(pathname, "", { viewer: member })).toEqual(render());
  });

  it("staging-only UiKit gets no trailing slash on staging", () => {
    expect(decide("/ui-kit", "", { environment: "staging" })).toEqual(render());
  });

  it("comes before the server lookup, which applies to the slashed form", () => {
    expect(decide("/ai-chat", "", { serverRedirect: "/moved" })).toEqual(redirect("/ai-chat/", { isPermanent: true }));
    expect(decide("/ai-chat/", "", { serverRedirect: "/moved" })).toEqual(redirect("/moved"));
  });
});

// --- 14. server redirect lookup ------------------------------------------------------------------

describe("decideRoute: server-side redirect lookup", () => {
  it.each<[string, boolean]>([
    ["/moved", false],
    ["/es/moved?x=1", false],
    ["moved", false],
    ["https://blog.parley.test/post", true],
    ["http://blog.parley.test/post", true],
    ["HTTPS://blog.parley.test/", true],
    ["//cdn.parley.test/file.pdf", true],
    ["mailto:hello@parley.test", true],
  ])("%s redirects with isFullLoad %s", (serverRedirect, isFullLoad) => {
    expect(decide("/faq", "", { serverRedirect })).toEqual(redirect(serverRedirect, { isFullLoad }));
    expect(decide("/home", "", { viewer: member, serverRedirect })).toEqual(redirect(serverRedirect, { isFullLoad }));
  });

  it("is never permanent and is not localized", () => {
    expect(decide("/es/faq", "", { serverRedirect: "/moved" })).toEqual(redirect("/moved"));
  });

  it("no lookup result (null or empty) renders", () => {
    expect(decide("/faq", "", { serverRedirect: null })).toEqual(render());
    expect(decide("/faq", "", { serverRedirect: "" })).toEqual(render());
  });
});

// --- rendering -----------------------------------------------------------------------------------

describe("decideRoute: render", () => {
  it.each(
    guardedRoutes
      .filter((r) => r.access === "signedIn" && r.name !== "VerifyEmail" && r.name !== "OnboardingDefault")
      .flatMap((r) => localeCases.map((locale) => [prefix(locale, examplePath(r))])),
  )("%s renders for a verified, onboarded user", (path) => {
    expect(decide(path, "", { viewer: member })).toEqual(render());
    expect(decide(path, "", { viewer: pro })).toEqual(render());
    expect(decide(path, "", { viewer: admin })).toEqual(render());
  });
});

// --- precedence matrix ---------------------------------------------------------------------------

describe("decideRoute: precedence (order of concern)", () => {
  it.each<[string, string, string, Options, RouteDecision]>([
    ["staging-only > next", "/ui-kit", q({ next: "/notes" }), {}, redirect("/")],
    ["next > landing", "/", q({ next: "/notes" }), { viewer: member }, redirect("/notes")],
    ["next > sign-in", "/home", q({ next: "/faq" }), {}, redirect("/faq")],
    ["landing > trailing slash", "/es", "", { viewer: member }, redirect("/es/home")],
    ["sign-in > server lookup", "/home", "", { serverRedirect: "/moved" }, redirect("/login?next=%2Fhome")],
    ["admin > non-Pro/verify/onboarding/paywall", "/admin/notes", "", { viewer: brandNew }, redirect("/home")],
    [
      "non-Pro > verify",
      "/checkout/pro_1y",
      "",
      { viewer: { ...pro, needsVerification: true, hasFinishedOnboarding: false } },
      redirect("/home", { alerts: [alreadyPro] }),
    ],
    ["verify > onboarding", "/home", "", { viewer: brandNew }, redirect("/verify")],
    ["verified-on-verify > onboarding", "/verify", "", { viewer: onboarding }, redirect("/home")],
    ["onboarding > paywall", "/notes", "", { viewer: { ...onboarding, hasSeenPaywall: false } }, redirect("/onboarding/start")],
    ["paywall > server lookup", "/notes", "", { viewer: fresh, serverRedirect: "/moved" }, redirect("/paywall")],
    ["anonymous-only > server lookup", "/register", "", { viewer: member, serverRedirect: "/moved" }, redirect("/home")],
    [
      "trailing slash > server lookup",
      "/integrations",
      "",
      { serverRedirect: "/moved" },
      redirect("/integrations/", { isPermanent: true }),
    ],
  ])("%s", (_name, pathname, search, options, expected) => {
    expect(decide(pathname, search, options)).toEqual(expected);
  });
});

// --- locale prefixes -----------------------------------------------------------------------------

describe("decideRoute: every redirect target is localized", () => {
  it.each<[string, string, Options, string]>([
    ["/ui-kit", "", {}, "/"],
    ["/es/ui-kit", "", {}, "/es/"],
    ["/pt/ui-kit", "", {}, "/pt/"],
    ["/", "", { viewer: member }, "/home"],
    ["/es/", "", { viewer: member }, "/es/home"],
    ["/pt/", "", { viewer: member }, "/pt/home"],
    ["/notes", "", {}, "/login?next=%2Fnotes"],
    ["/es/notes", "", {}, "/es/login?next=%2Fes%2Fnotes"],
    ["/pt/notes", "", {}, "/pt/login?next=%2Fpt%2Fnotes"],
    ["/admin/users", "", { viewer: member }, "/home"],
    ["/es/admin/users", "", { viewer: member }, "/es/home"],
    ["/pt/admin/users", "", { viewer: member }, "/pt/home"],
    ["/home", "", { viewer: unverified }, "/verify"],
    ["/es/home", "", { viewer: unverified }, "/es/verify"],
    ["/pt/home", "", { viewer: unverified }, "/pt/verify"],
    ["/verify", "", { viewer: member }, "/home"],
    ["/es/verify", "", { viewer: member }, "/es/home"],
    ["/pt/verify", "", { viewer: member }, "/pt/home"],
    ["/home", "", { viewer: onboarding }, "/onboarding/start"],
    ["/es/home", "", { viewer: onboarding }, "/es/onboarding/start"],
    ["/pt/home", "", { viewer: onboarding }, "/pt/onboarding/start"],
    ["/onboarding/start", "", { viewer: member }, "/home"],
    ["/es/onboarding/start", "", { viewer: member }, "/es/home"],
    ["/pt/onboarding/start", "", { viewer: member }, "/pt/home"],
    ["/home", "", { viewer: fresh }, "/paywall"],
    ["/es/home", "", { viewer: fresh }, "/es/paywall"],
    ["/pt/home", "", { viewer: fresh }, "/pt/paywall"],
    ["/login", q({ next: "/notes" }), { viewer: member }, "/home?next=%2Fnotes"],
    ["/es/login", q({ next: "/es/notes" }), { viewer: member }, "/es/home?next=%2Fes%2Fnotes"],
    ["/pt/login", q({ next: "/pt/notes" }), { viewer: member }, "/pt/home?next=%2Fpt%2Fnotes"],
  ])("%s%s -> %s", (pathname, search, options, to) => {
    expect(decide(pathname, search, options)).toEqual(redirect(to));
  });

  it.each<[string, string]>([
    ["/paywall", "/home"],
    ["/es/paywall", "/es/home"],
    ["/pt/checkout/pro_1y", "/pt/home"],
  ])("non-Pro-only %s -> %s", (pathname, to) => {
    expect(decide(pathname, "", { viewer: pro })).toEqual(redirect(to, { alerts: [alreadyPro] }));
  });

  it.each<[string, string]>([
    ["/ai-chat", "/ai-chat/"],
    ["/es/ai-chat", "/es/ai-chat/"],
    ["/pt/ai-chat", "/pt/ai-chat/"],
  ])("trailing slash %s -> %s", (pathname, to) => {
    expect(decide(pathname)).toEqual(redirect(to, { isPermanent: true }));
  });
});

// --- helpers exported for the guards -------------------------------------------------------------

describe("safeNext", () => {
  it.each([
    ["/notes", "/notes"],
    ["/", "/"],
    ["/es/note/n1?tab=2#s", "/es/note/n1?tab=2#s"],
    ["/notes//x", "/notes//x"],
    ["/notes?next=//evil.com", "/notes?next=//evil.com"],
  ])("accepts same-site path %j", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it.each([
    null,
    "",
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "/\\\\evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "evil.com",
    "./notes",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r/evil.com",
    "/notes\r\nX-Injected: 1",
    "/notes\u0000",
    "/notes\u007f",
  ])("rejects %j", (next) => {
    expect(safeNext(next)).toBeNull();
  });
});

describe("isAbsoluteUrl", () => {
  it.each([
    ["https://x.test/", true],
    ["http://x.test", true],
    ["HTTP://x.test", true],
    ["//x.test/a", true],
    ["mailto:a@b.test", true],
    ["web+app:thing", true],
    ["/a", false],
    ["/a?b=https://x", false],
    ["a/b", false],
    ["", false],
    ["1http://x", false],
  ])("%j -> %s", (url, expected) => {
    expect(isAbsoluteUrl(url)).toBe(expected);
  });
});

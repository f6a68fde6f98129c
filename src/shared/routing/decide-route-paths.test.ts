import { describe, expect, it } from "vitest";
import { isAbsoluteUrl, type RouteDecision, safeNext } from "./decide-route";
import {
  admin,
  alreadyPro,
  brandNew,
  decide,
  examplePath,
  fresh,
  guardedRoutes,
  localeCases,
  marketingRoutes,
  member,
  type Options,
  onboarding,
  prefix,
  pro,
  q,
  redirect,
  render,
  unverified,
} from "./decide-route-fixtures";

// decideRoute (spec section 2): trailing slashes, the redirect lookup, rendering, precedence, localized targets, helpers.
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

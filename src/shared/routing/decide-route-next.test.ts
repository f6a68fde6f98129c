import { describe, expect, it } from "vitest";
import type { RouteDecision, Viewer } from "./decide-route";
import {
  alreadyPro,
  anonymousOnlyRoutes,
  brandNew,
  decide,
  errorAlert,
  fresh,
  localeCases,
  member,
  type Options,
  onboarding,
  prefix,
  pro,
  q,
  redirect,
  render,
  settle,
  unverified,
} from "./decide-route-fixtures";
import { routeTable } from "./route-table";

// decideRoute (spec section 2): `source` and `next` across redirects.
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

import { describe, expect, it } from "vitest";
import type { Environment } from "../environment";
import { knownQueryErrors, type RouteDecision } from "./decide-route";
import {
  admin,
  alreadyPro,
  brandNew,
  decide,
  errorAlert,
  fresh,
  member,
  type Options,
  onboarding,
  pro,
  q,
  redirect,
  render,
  unverified,
} from "./decide-route-fixtures";
import { routeTable } from "./route-table";

// decideRoute (spec section 2): not found, staging-only routes and the error query parameter.
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
    expect([...knownQueryErrors]).toEqual([
      "session_expired",
      "oauth_failed",
      "link_expired",
      "access_denied",
      "email_not_found",
      "account_not_linked",
      "BANNED_USER",
    ]);
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

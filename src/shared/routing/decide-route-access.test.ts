import { describe, expect, it } from "vitest";
import type { RouteDecision, Viewer } from "./decide-route";
import {
  admin,
  adminRoutes,
  alreadyPro,
  anonymousOnlyRoutes,
  brandNew,
  decide,
  examplePath,
  fresh,
  guardedRoutes,
  localeCases,
  localizedRoutes,
  marketingRoutes,
  member,
  onboarding,
  paymentsOff,
  prefix,
  pro,
  redirect,
  render,
  selfHosted,
  settle,
  unverified,
} from "./decide-route-fixtures";
import { routeTable } from "./route-table";

// decideRoute (spec section 2): who may open what: landing, sign-in, admin, non-Pro, verification, onboarding, paywall.
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
      "AdminOverview",
      "AdminNotes",
      "AdminUsers",
      "AdminEngines",
      "AdminAudit",
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

describe("decideRoute: payments off (interpretations 29, decision 022)", () => {
  it.each(["/home", "/notes", "/es/settings/profile/billing", "/pt/ask-ai"])(
    "a free user who never saw a paywall renders %s",
    (pathname) => {
      expect(decide(pathname, "", { viewer: selfHosted })).toEqual(render());
    },
  );

  it.each<[string, string]>([
    ["/paywall", "/home"],
    ["/checkout/1year", "/home"],
    ["/es/paywall", "/es/home"],
    ["/pt/checkout/1month", "/pt/home"],
  ])("%s goes to %s with an alert that says why", (pathname, to) => {
    expect(decide(pathname, "", { viewer: selfHosted })).toEqual(redirect(to, { alerts: [paymentsOff] }));
    expect(decide(pathname, "", { viewer: { ...selfHosted, hasSeenPaywall: true } })).toEqual(redirect(to, { alerts: [paymentsOff] }));
  });

  it("a brand-new user goes from verification through onboarding to Home, with no paywall step", () => {
    const afterVerify: Viewer = { ...brandNew, needsVerification: false, paymentsOn: false };
    const afterOnboarding: Viewer = { ...afterVerify, hasFinishedOnboarding: true };
    expect(settle("/verify", { viewer: afterVerify })).toEqual(["/verify", "/home", "/onboarding/start"]);
    expect(settle("/onboarding/start", { viewer: afterOnboarding })).toEqual(["/onboarding/start", "/home"]);
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

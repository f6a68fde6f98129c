import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { buildManifestPath } from "../app/ui/build-watcher";
import { createLandingPlans } from "../core/billing/landing-plans";
import { findDemoNote } from "../core/demo-notes/data";
import { findSharedNote } from "../core/sharing/data";
import type { SignInOptions } from "../shared/accounts/account-summary";
import type { BrowserAnalyticsConfig } from "../shared/analytics/gateway-contract";
import { catalogBasePath } from "../shared/i18n/catalog-path";
import { catalogMaxAgeSeconds, isLocale } from "../shared/i18n/locales";
import { type ApiDeps, apiApp } from "./api/api-app";
import type { AppEnv } from "./hono-env";
import type { Catalogs } from "./i18n-catalogs";
import { compressAnswers } from "./middleware/compress-answers";
import { earlyAnswer } from "./middleware/early-answer";
import { localeRedirect } from "./middleware/locale-redirect";
import { requestLogger } from "./middleware/request-logger";
import { securityHeaders } from "./middleware/security-headers";
import { reactRouterHandler, type ServerBuildSource, serverBuildLoader } from "./react-router-handler";
import { mountStaticAssets } from "./static-assets";

export interface AppDeps extends ApiDeps {
  build: ServerBuildSource;
  clientDir: string;
  catalogs: Catalogs;
  enhancerUrl: string | null;
  publicUrl?: string;
  findRedirect(path: string): Promise<string | null>;
  listRedirects(): Promise<Record<string, string>>;
  /** Sign-in options pages show (providers with credentials; One Tap when Google is on). */
  signIn: SignInOptions;
  /** Origins of configured third-party scripts the CSP must allow (interpretations 27). */
  thirdPartyOrigins: string[];
  /** Origins media may come from besides this one (the S3 store's presigned URLs, issue 21). */
  mediaOrigins?: string[];
  /** The analytics gateway mounted at /analytics (the embedded default) and what the browser gets to reach it. */
  analytics: { gateway: Hono | null; browser: BrowserAnalyticsConfig; connectOrigins: string[] };
  /** Plain pages outside React Router (the dev mailbox when the embedded catcher runs). */
  extraPages?: Hono[];
}

/** The web role's HTTP app: API, catalogs, static files, then the React Router pages. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Outermost: it sees the final answer, and whether the request body was read before it.
  app.use(earlyAnswer());
  app.use(requestId());
  app.use(requestLogger(deps.logger));
  app.use(
    securityHeaders({
      thirdPartyOrigins: deps.thirdPartyOrigins,
      connectOrigins: deps.analytics.connectOrigins,
      mediaOrigins: deps.mediaOrigins,
    }),
  );
  app.use(compressAnswers());

  app.route("/api", apiApp(deps));
  app.all("/api/*", (c) => c.json({ success: false, errorCode: "NOT_FOUND", message: "No such API route" }, 404));
  // Issue 20: the analytics gateway (src/analytics/) in this process; it uses no session and no CSRF token.
  if (deps.analytics.gateway) app.route("/analytics", deps.analytics.gateway);

  // spec section 7: locale messages from an internal path per locale, cached 24 hours.
  app.get(`${catalogBasePath}/:locale/:file`, (c) => {
    const locale = c.req.param("locale");
    const namespace = c.req.param("file").replace(/\.json$/, "");
    const body = isLocale(locale) ? deps.catalogs.json(locale, namespace) : null;
    if (!body) return c.json({ errorCode: "NOT_FOUND" }, 404);
    return c.body(body, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": `public, max-age=${catalogMaxAgeSeconds}`,
    });
  });

  // spec section 4: the browser compares this with its own build to detect a new deploy.
  const loadBuild = serverBuildLoader(deps.build);
  app.get(buildManifestPath, async (c) => c.json({ version: (await loadBuild()).assets.version }, 200, { "Cache-Control": "no-store" }));

  for (const pages of deps.extraPages ?? []) app.route("/", pages);
  mountStaticAssets(app, deps.clientDir);
  app.use(localeRedirect());

  app.all(
    "*",
    reactRouterHandler({
      build: loadBuild,
      mode: "production",
      publicUrl: deps.publicUrl,
      logger: deps.logger,
      catalogVersion: deps.catalogs.version,
      enhancerUrl: deps.enhancerUrl,
      getI18n: deps.catalogs.getI18n,
      findRedirect: deps.findRedirect,
      listRedirects: deps.listRedirects,
      findSharedNote: (shareId) => findSharedNote(deps.db, { shareId }),
      findDemoNote,
      resolveSession: deps.resolveSession,
      signOut: (headers) => deps.auth.api.signOut({ headers, asResponse: true }),
      signIn: deps.signIn,
      paymentsOn: deps.billing.paymentsOn,
      findLandingPlans: createLandingPlans(deps.billing, deps.logger),
      supportEmail: deps.support.email,
      analytics: deps.analytics.browser,
    }),
  );
  app.onError((error, c) => {
    deps.logger.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return c.json({ success: false, errorCode: "INTERNAL_ERROR", message: "Something went wrong" }, 500);
  });
  return app;
}

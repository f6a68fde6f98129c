import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext, appContext } from "../app/app-context";
import type { Logger } from "../infra/logging/logger";
import type { SignInOptions } from "../shared/accounts/account-summary";
import type { BrowserAnalyticsConfig } from "../shared/analytics/gateway-contract";
import type { LandingPlans } from "../shared/billing/landing-plans";
import { readCookie } from "../shared/cookies";
import { environmentFromHost } from "../shared/environment";
import { localizePath, splitLocale } from "../shared/i18n/locales";
import { decideRoute } from "../shared/routing/decide-route";
import { matchRoute, redirectLookupPath } from "../shared/routing/match-route";
import { parseTheme, themeCookieName } from "../shared/theme";
import { type ResolveSession, toAccountSummary, toViewer } from "./accounts/session-resolver";
import type { AppEnv } from "./hono-env";

/** The React Router build, or how to load it (start-web.ts loads it after the port opens: decision 030). */
export type ServerBuildSource = ServerBuild | (() => Promise<ServerBuild>);

/** One loader for either form; a failed load is tried again on the next call. */
export function serverBuildLoader(source: ServerBuildSource): () => Promise<ServerBuild> {
  if (typeof source !== "function") return () => Promise.resolve(source);
  let loading: Promise<ServerBuild> | null = null;
  return () => {
    loading ??= source().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export interface ReactRouterDeps {
  build: ServerBuildSource;
  mode: "production" | "development";
  publicUrl?: string;
  logger: Logger;
  catalogVersion: string;
  enhancerUrl: string | null;
  getI18n: AppContext["getI18n"];
  findRedirect: AppContext["findRedirect"];
  listRedirects: AppContext["listRedirects"];
  findSharedNote: AppContext["findSharedNote"];
  findDemoNote: AppContext["findDemoNote"];
  resolveSession: ResolveSession;
  /** Revokes the session of these request headers; its response carries the cookie-clearing headers. */
  signOut(headers: Headers): Promise<Response>;
  signIn: SignInOptions;
  /** The landing pages' plans for a host (its pricing tier). */
  findLandingPlans(host: string): Promise<LandingPlans>;
  /** SUPPORT_EMAIL. */
  supportEmail: string;
  /** Whether Pro is sold here (decision 022): the routing rules have no paywall step without it. */
  paymentsOn: boolean;
  /** How the browser reaches the analytics gateway (issue 20). */
  analytics: BrowserAnalyticsConfig;
}

/** Mounts the React Router app: every request gets the app context the guards and pages read. */
export function reactRouterHandler(deps: ReactRouterDeps) {
  const loadBuild = serverBuildLoader(deps.build);
  return async (c: Context<AppEnv>) => {
    const request = c.req.raw;
    const build = await loadBuild();
    const handle = handlerOf(build, deps.mode);
    const contextKey = contextKeyOf(build);
    const signedIn = await deps.resolveSession(request.headers);
    // spec section 6: a banned user is signed out and shown /sso?banned=true.
    if (signedIn?.isBanned && !/^\/(es\/|pt\/)?sso$/.test(new URL(request.url).pathname)) return bannedRedirect(request, deps);
    const payload = signedIn ? await signedIn.payload() : null;
    const url = new URL(request.url);
    const origin = deps.publicUrl ? new URL(deps.publicUrl).origin : url.origin;
    const requestId = String(c.get("requestId"));
    const context = new RouterContextProvider();
    context.set(contextKey, {
      requestId,
      nonce: String(c.get("secureHeadersNonce") ?? ""),
      environment: environmentFromHost(new URL(origin).host),
      origin,
      viewer: payload ? toViewer(payload, { paymentsOn: deps.paymentsOn }) : null,
      account: payload && !signedIn?.isBanned ? toAccountSummary(payload) : null,
      signIn: deps.signIn,
      theme: parseTheme(readCookie(request.headers.get("Cookie"), themeCookieName)),
      catalogVersion: deps.catalogVersion,
      enhancerUrl: deps.enhancerUrl,
      getI18n: deps.getI18n,
      findRedirect: deps.findRedirect,
      listRedirects: deps.listRedirects,
      findSharedNote: deps.findSharedNote,
      findDemoNote: deps.findDemoNote,
      findLandingPlans: () => deps.findLandingPlans(new URL(origin).host),
      supportEmail: deps.supportEmail,
      analytics: deps.analytics,
      logRenderError: (error: unknown) => deps.logger.error({ requestId, err: error, path: url.pathname }, "render error"),
    });
    // React Router answers an unknown URL with 404 before any middleware runs, so the redirect
    // lookup for retired URLs happens here, through the same routing rules.
    if (!matchRoute(url.pathname) && (request.method === "GET" || request.method === "HEAD")) {
      return deps.findRedirect(redirectLookupPath(url.pathname)).then((serverRedirect) => {
        const decision = decideRoute({ url, match: null, viewer: null, environment: "production", serverRedirect });
        return decision.kind === "redirect" ? c.redirect(decision.to, 302) : handle(request, context);
      });
    }
    return handle(request, context);
  };
}

async function bannedRedirect(request: Request, deps: ReactRouterDeps): Promise<Response> {
  const signOut = await deps.signOut(request.headers);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const headers = new Headers({ Location: `${localizePath("/sso", locale)}?banned=true` });
  for (const cookie of signOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/** One request handler per build object (a loaded build never changes in a running process). */
const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
function handlerOf(build: ServerBuild, mode: ReactRouterDeps["mode"]): ReturnType<typeof createRequestHandler> {
  let handle = handlers.get(build);
  if (!handle) {
    handle = createRequestHandler(build, mode);
    handlers.set(build, handle);
  }
  return handle;
}

/** The app-context key exported by the build's entry.server (see the comment there). */
function contextKeyOf(build: ServerBuild): typeof appContext {
  const key = (build.entry.module as { appContext?: typeof appContext }).appContext;
  if (!key) throw new Error("The web build's entry.server does not export appContext: rebuild with `npm run build`.");
  return key;
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type NavigateFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { catalogPath } from "../shared/i18n/catalog-path";
import { type Locale, localizePath, splitLocale } from "../shared/i18n/locales";
import { matchRoute } from "../shared/routing/match-route";
import { namedPaths } from "../shared/routing/route-table";
import { seoLinks } from "../shared/routing/seo-links";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { appContext } from "./app-context";
import { setAnalyticsUser, startAnalytics, trackPageView } from "./features/analytics/analytics";
import { analyticsUserId } from "./features/analytics/analytics-user-id";
import { currentTrackerName } from "./features/attribution/attribution-store";
import { useAfterUserData } from "./features/attribution/use-after-user-data";
import { installSessionHandlers } from "./features/auth/session";
import { clientGuard } from "./guards/client-guard";
import { getClientGuardState, isClientGuardStateKnown, setClientGuardState } from "./guards/client-state";
import { guardOutcomeContext, serverGuard } from "./guards/server-guard";
import { shouldHydrate } from "./hydration";
import { AlertList } from "./ui/alert-list";
import { pushAlert } from "./ui/alert-store";
import { isChunkLoadError, reloadAfterChunkError, watchBuilds } from "./ui/build-watcher";
import { ConfirmDialogHost } from "./ui/confirm-dialog-host";
import { isBotUserAgent, renderErrorDisplay } from "./ui/render-error-display";
import { StaticAlertList } from "./ui/static-alert-list";
import { useTheme } from "./ui/theme-store";

export const middleware: Route.MiddlewareFunction[] = [serverGuard];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [clientGuard];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const match = matchRoute(url.pathname);
  return {
    namespaces: match?.route.namespaces ?? [],
    environment: app.environment,
    origin: app.origin,
    theme: app.theme,
    viewer: app.viewer,
    account: app.account,
    signInProviders: app.signIn.providers,
    oneTapClientId: app.signIn.oneTapClientId,
    gsiClientUrl: app.signIn.gsiClientUrl,
    catalogVersion: app.catalogVersion,
    redirects: await app.listRedirects(),
    alerts: context.get(guardOutcomeContext).alerts,
    nonce: app.nonce,
    enhancerUrl: app.enhancerUrl,
    supportEmail: app.supportEmail,
    isBot: isBotUserAgent(request.headers.get("user-agent")),
    analytics: app.analytics,
  };
}

// The guard state (viewer, redirects) only changes when the server says so (sign-in lands later).
export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const isHydrated = shouldHydrate(useMatches());
  // From the path, not the loader: the root loader does not re-run on client navigations.
  const locale = splitLocale(location.pathname).locale;
  const theme = useTheme(data?.theme ?? "light");
  const page = matchRoute(location.pathname);
  const links =
    data && page
      ? seoLinks(data.origin, location.pathname, {
          isLocalized: !page.route.isUnlocalized,
          hasTrailingSlash: Boolean(page.route.isMarketing),
        })
      : null;
  const version = data?.catalogVersion ?? "0";
  return (
    <html lang={locale} className={theme === "dark" ? "dark" : undefined} data-environment={data?.environment}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="i18n-namespaces" content={["common", ...(data?.namespaces ?? [])].join(",")} />
        <meta name="i18n-version" content={version} />
        {data?.environment !== "production" && <meta name="robots" content="noindex, nofollow" />}
        {links && <link rel="canonical" href={links.canonical} />}
        {links?.alternates.map((alt) => (
          <link key={alt.hrefLang} rel="alternate" hrefLang={alt.hrefLang} href={alt.href} />
        ))}
        {isHydrated &&
          ["common", ...(data?.namespaces ?? [])].map((ns) => (
            <link key={ns} rel="preload" as="fetch" crossOrigin="anonymous" href={catalogPath(locale, ns, version)} />
          ))}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        {isHydrated ? (
          <>
            <ScrollRestoration nonce={data?.nonce} />
            <Scripts nonce={data?.nonce} />
          </>
        ) : (
          // Issue 20: the static pages' page-view sender reads the gateway values from data-analytics.
          data?.enhancerUrl && (
            <script
              type="module"
              src={data.enhancerUrl}
              nonce={data.nonce}
              data-analytics={JSON.stringify({ ...data.analytics, userId: data.account ? analyticsUserId(data.account.id) : null })}
            />
          )
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const isHydrated = shouldHydrate(useMatches());
  setClientGuardState({ viewer: loaderData.viewer, environment: loaderData.environment, redirects: loaderData.redirects });
  useEffect(() => {
    for (const alert of loaderData.alerts) pushAlert({ type: alert.type, message: { key: `alerts.${alert.code}` } });
  }, [loaderData.alerts]);
  useEffect(() => watchBuilds(window.__reactRouterManifest?.version ?? ""), []);
  useEffect(() => installSessionHandlers(), []);
  // Analytics (spec section 7 page views): the user first, so the first page view is already theirs.
  if (isHydrated) startAnalytics(loaderData.analytics, { trackerName: currentTrackerName });
  const analyticsUserId = loaderData.account?.id ?? null;
  const { pathname } = useLocation();
  useEffect(() => setAnalyticsUser(analyticsUserId), [analyticsUserId]);
  // Issue 20: attribution kept from the landing visit, stored on the account; session recording if configured.
  useAfterUserData(analyticsUserId);
  useEffect(() => trackPageView(pathname), [pathname]);
  if (!isHydrated) {
    return (
      <>
        <StaticAlertList alerts={loaderData.alerts} />
        <Outlet />
      </>
    );
  }
  return (
    <>
      <AlertList />
      <ConfirmDialogHost />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Present when a page's own loader failed; absent on a 404 the server answered before any loader ran.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const isChunkError = isChunkLoadError(error);
  // spec 8: a render error met by a bot is only logged (the server logged it; this is the browser's log).
  const isBot = rootData?.isBot ?? (typeof navigator !== "undefined" && isBotUserAgent(navigator.userAgent));
  const isHidden = renderErrorDisplay(error, { isBot }) === "hidden";
  useEffect(() => {
    if (isHidden) console.warn("render error for a bot user agent (not shown)", error);
  }, [isHidden, error]);

  useEffect(() => {
    if (rootData) setClientGuardState({ viewer: rootData.viewer, environment: rootData.environment, redirects: rootData.redirects });
    if (isNotFound) leaveNotFound(splitLocale(location.pathname).locale, navigate);
    if (isChunkError) reloadAfterChunkError();
  }, [rootData, isNotFound, isChunkError, navigate, location.pathname]);

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : t("errors.unexpected");
  const isKnownPage = matchRoute(location.pathname) !== null;
  if (isHidden) {
    return (
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
        <title>Parley</title>
        <a className="btn-primary" href={localizePath("/", splitLocale(location.pathname).locale)}>
          {t("errors.backHome")}
        </a>
      </main>
    );
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${status} · Parley`}</title>
      <p className="text-6xl font-bold text-indigo-600">{status}</p>
      <h1 className="text-xl font-semibold" data-testid="error-message">
        {isNotFound && !isKnownPage ? t("errors.pageNotFound") : message}
      </h1>
      <a className="btn-primary" href={localizePath("/", splitLocale(location.pathname).locale)}>
        {t("errors.backHome")}
      </a>
    </main>
  );
}

/**
 * spec section 2 and interpretations 17: a 404 page replaces itself with Home, in the browser. A signed-in
 * user known to the browser goes there directly. Otherwise the landing page is loaded in place of the bad
 * address: the server sends a signed-in user on to Home (routing rule 5), and an anonymous visitor, who has
 * no Home, stays on the landing page instead of being asked to sign in.
 */
function leaveNotFound(locale: Locale, navigate: NavigateFunction): void {
  const viewer = isClientGuardStateKnown() ? getClientGuardState().viewer : null;
  if (viewer) navigate(localizePath(namedPaths.Home, locale), { replace: true });
  else window.location.replace(localizePath(namedPaths.LandingPage, locale));
}

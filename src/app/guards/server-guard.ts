import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import { readCookie } from "~/shared/cookies";
import { decideRoute, type RouteAlert } from "~/shared/routing/decide-route";
import { matchRoute, redirectLookupPath } from "~/shared/routing/match-route";
import { appContext } from "../app-context";
import { clearFlash, flashCookieName, parseFlash, serializeFlash } from "./flash-alerts";

/** Per-request result of the guard that the root loader passes on to the page. */
export interface GuardOutcome {
  alerts: RouteAlert[];
}

/** Request-scoped: the loader gets another Request object than the middleware, so no WeakMap. */
export const guardOutcomeContext = createContext<GuardOutcome>({ alerts: [] });

/** Root server middleware: applies the routing rules to document and data requests. */
export const serverGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const match = matchRoute(url.pathname);
  const serverRedirect = await app.findRedirect(match?.path ?? redirectLookupPath(url.pathname));
  const decision = decideRoute({
    url: { pathname: url.pathname, search: url.search },
    match,
    viewer: app.viewer,
    environment: app.environment,
    serverRedirect,
  });
  if (decision.kind === "notFound") throw data(decision.message, { status: 404 });
  if (decision.kind === "redirect") {
    const response = redirect(toHeaderSafe(decision.to, url), decision.isPermanent ? 301 : 302);
    if (decision.alerts.length > 0) response.headers.append("Set-Cookie", serializeFlash(decision.alerts));
    throw response;
  }
  const flashed = parseFlash(readCookie(request.headers.get("Cookie"), flashCookieName));
  context.set(guardOutcomeContext, { alerts: [...flashed, ...decision.alerts] });
  const response = await next();
  if (flashed.length > 0) response.headers.append("Set-Cookie", clearFlash());
  return response;
};

/** Percent-encodes a redirect target so any `next` text is a valid Location header. */
function toHeaderSafe(to: string, current: URL): string {
  const target = new URL(to, current.origin);
  return target.origin === current.origin && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(to)
    ? target.pathname + target.search + target.hash
    : target.href;
}

import { type DataStrategyResult, data, type MiddlewareFunction, redirect } from "react-router";
import { decideRoute } from "~/shared/routing/decide-route";
import { matchRoute, redirectLookupPath } from "~/shared/routing/match-route";
import { ensureLocale } from "../i18n/client-i18n";
import { pushAlert } from "../ui/alert-store";
import { getClientGuardState, isClientGuardStateKnown } from "./client-state";

let isHydrationRun = true;

/** Root client middleware: the same routing rules on client navigations, then the page's catalogs. */
export const clientGuard: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const url = new URL(request.url);
  const match = matchRoute(url.pathname);
  if (!isClientGuardStateKnown()) {
    // The page came without the root loader's data (a 404 document): deciding here would treat a
    // signed-in user as anonymous, and the server would send them back, forever. The root loader's
    // data request of this navigation goes through the server's guard, which knows the viewer.
    isHydrationRun = false;
    if (match) await ensureLocale(match.locale, match.route.namespaces ?? []);
    await next();
    return;
  }
  const { viewer, environment, redirects } = getClientGuardState();
  const decision = decideRoute({
    url: { pathname: url.pathname, search: url.search },
    match,
    viewer,
    environment,
    serverRedirect: redirects[match?.path ?? redirectLookupPath(url.pathname)] ?? null,
  });
  // The server already raised this request's alerts on the first (hydration) run.
  if (!isHydrationRun) for (const alert of decision.alerts) pushAlert({ type: alert.type, message: { key: `alerts.${alert.code}` } });
  isHydrationRun = false;
  if (decision.kind === "notFound") throw data(decision.message, { status: 404 });
  if (decision.kind === "redirect") {
    if (decision.isFullLoad) {
      window.location.assign(decision.to);
      return new Promise<void>(() => {});
    }
    throw redirect(decision.to);
  }
  if (match) await ensureLocale(match.locale, match.route.namespaces ?? []);
  await next();
};

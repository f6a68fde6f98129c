import { type DataStrategyResult, data, type MiddlewareFunction, redirect } from "react-router";
import { decideRoute } from "~/shared/routing/decide-route";
import { matchRoute, redirectLookupPath } from "~/shared/routing/match-route";
import { ensureLocale } from "../i18n/client-i18n";
import { pushAlert } from "../ui/alert-store";
import { getClientGuardState } from "./client-state";

let isHydrationRun = true;

/** Root client middleware: the same routing rules on client navigations, then the page's catalogs. */
export const clientGuard: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const url = new URL(request.url);
  const { viewer, environment, redirects } = getClientGuardState();
  const match = matchRoute(url.pathname);
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

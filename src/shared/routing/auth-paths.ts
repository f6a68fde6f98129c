import { routeTable } from "./route-table";

/**
 * Pages where a 401 must not bounce the visitor to /login (spec section 8): the auth flow, the pages
 * an e-mail link opens, and the sign-in return and SSO pages.
 */
export const authPaths: readonly string[] = [
  ...routeTable.filter((route) => route.isAuthFlow).map((route) => route.path),
  "/reset-password",
  "/email-action",
  "/signin",
  "/sso",
];

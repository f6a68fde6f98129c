import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "~/server/hono-env";
import { createCsrfToken, setCsrfCookie } from "~/server/middleware/csrf";
import { csrfTokenResponseSchema } from "~/shared/api/api-contract";

const csrfTokenRoute = createRoute({
  method: "get",
  path: "/csrf-token",
  tags: ["security"],
  summary: "A fresh anti-forgery token (also set as the csrf_token cookie)",
  responses: {
    200: {
      description: "The token to send as X-CSRF-Token on every non-GET call",
      content: { "application/json": { schema: csrfTokenResponseSchema } },
    },
  },
});

/** spec section 7: GET /csrf-token -> { success, csrfToken }. */
export function csrfRoutes({ secret, isSecureCookies }: { secret: string; isSecureCookies: boolean }) {
  return new OpenAPIHono<ApiEnv>().openapi(csrfTokenRoute, (c) => {
    const csrfToken = createCsrfToken(secret);
    setCsrfCookie(c, csrfToken, isSecureCookies);
    c.header("Cache-Control", "no-store");
    return c.json({ success: true as const, csrfToken }, 200);
  });
}

import type { MiddlewareHandler } from "hono";
import type { Logger } from "~/infra/logging/logger";
import type { AppEnv } from "../hono-env";

/** One structured line per request, with the request id that also tags every log inside it. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // Set after the handler: pages come back as fresh Responses that would drop earlier headers.
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    const path = new URL(c.req.url).pathname;
    // Static assets and catalogs would drown the log; their errors still show.
    if (c.res.status < 400 && (path.startsWith("/assets/") || path.startsWith("/_i18n/"))) return;
    logger.info(
      { requestId: c.get("requestId"), method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  };
}

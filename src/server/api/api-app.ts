import { OpenAPIHono } from "@hono/zod-openapi";
import { apiDocsRoutes } from "./api-docs";
import { type HealthDeps, healthRoutes } from "./health-routes";

export interface ApiDeps {
  health: HealthDeps;
}

/** The JSON API under /api: one router per domain, described by OpenAPI at /api/openapi.json. */
export function apiApp(deps: ApiDeps) {
  const api = new OpenAPIHono();
  api.route("/", healthRoutes(deps.health));
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Parley API", version: "1.0.0", description: "The product API of spec section 7; every path is under /api." },
  });
  api.route("/", apiDocsRoutes());
  api.notFound((c) => c.json({ success: false, errorCode: "NOT_FOUND", message: "No such API route" }, 404));
  return api;
}

import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";

const healthResponse = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ ready: z.boolean(), kind: z.enum(["pglite", "postgres"]) }),
    queue: z.object({ ready: z.boolean() }),
    storage: z.object({ ready: z.boolean(), kind: z.enum(["disk", "s3"]) }),
  })
  .openapi("Health");

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Database, queue and storage readiness",
  responses: {
    200: { description: "Everything is ready", content: { "application/json": { schema: healthResponse } } },
    503: { description: "A dependency is not ready", content: { "application/json": { schema: healthResponse } } },
  },
});

export interface HealthDeps {
  databaseKind: "pglite" | "postgres";
  pingDatabase(): Promise<boolean>;
  isQueueReady(): boolean;
  /** Where media lives (issue 21): the folder is writable, the S3 bucket answers. */
  storage: { kind: "disk" | "s3"; ready(): Promise<boolean> };
}

export function healthRoutes(deps: HealthDeps) {
  return new OpenAPIHono().openapi(healthRoute, async (c) => {
    const [isDatabaseReady, isStorageReady] = await Promise.all([deps.pingDatabase(), deps.storage.ready()]);
    const isQueueReady = deps.isQueueReady();
    const isReady = isDatabaseReady && isQueueReady && isStorageReady;
    const body = {
      status: isReady ? ("ok" as const) : ("degraded" as const),
      database: { ready: isDatabaseReady, kind: deps.databaseKind },
      queue: { ready: isQueueReady },
      storage: { ready: isStorageReady, kind: deps.storage.kind },
    };
    return isReady ? c.json(body, 200) : c.json(body, 503);
  });
}

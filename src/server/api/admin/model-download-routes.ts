import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { ModelDownloads } from "~/runtime/model-downloads";
import type { ApiEnv } from "~/server/hono-env";
import { modelDownloadResponseSchema, modelDownloadsResponseSchema, modelIdSchema } from "~/shared/engines/model-downloads-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Issue 19: the recommended pinned models on /admin/engines: size first, then one click to download (or
// resume), a live state to poll, and cancel. Admins only. The download runs in this process (model-downloads.ts).

const adminErrors = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an admin"),
} as const;
const params = z.object({ modelId: modelIdSchema });
const one = {
  200: { description: "The model's download as it is now", content: { "application/json": { schema: modelDownloadResponseSchema } } },
  400: errorResponse("Invalid model id"),
  404: errorResponse("No such model in the catalogue"),
  ...adminErrors,
} as const;

const listRoute = createRoute({
  method: "get",
  path: "/admin/engines/downloads",
  tags: ["admin"],
  summary: "The recommended models: size, licence, and each download's state, progress, speed and time left",
  responses: {
    200: { description: "One entry per model", content: { "application/json": { schema: modelDownloadsResponseSchema } } },
    ...adminErrors,
  },
});

const startRoute = createRoute({
  method: "post",
  path: "/admin/engines/downloads/{modelId}",
  tags: ["admin"],
  summary: "Download a model, or resume its download (runs in the background; poll the list)",
  request: { params },
  responses: one,
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/admin/engines/downloads/{modelId}",
  tags: ["admin"],
  summary: "Cancel a model's download; what arrived is kept for a resume",
  request: { params },
  responses: one,
});

export function modelDownloadRoutes({ downloads }: { downloads: ModelDownloads }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/admin/engines/downloads", requireUser());
  app.use("/admin/engines/downloads/*", requireUser());
  const adminOnly = async (c: Parameters<typeof currentUser>[0], next: () => Promise<void>) => {
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  };
  app.use("/admin/engines/downloads", adminOnly);
  app.use("/admin/engines/downloads/*", adminOnly);

  app.openapi(listRoute, async (c) => c.json({ success: true as const, downloads: await downloads.list() }, 200));
  app.openapi(startRoute, async (c) => {
    const download = await downloads.start(c.req.valid("param").modelId, currentUser(c).userId);
    if (!download) throw new AppError("NOT_FOUND");
    return c.json({ success: true as const, download }, 200);
  });
  app.openapi(cancelRoute, async (c) => {
    const download = await downloads.cancel(c.req.valid("param").modelId);
    if (!download) throw new AppError("NOT_FOUND");
    return c.json({ success: true as const, download }, 200);
  });
  return app;
}

import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { addSmartlookSession } from "~/core/session-recording/mutations";
import { type SessionRecordingSettings, smartlookRegion, smartlookScriptUrl } from "~/core/session-recording/settings";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import { addSmartlookSessionInput, smartlookStatusSchema } from "~/shared/accounts/session-recording-api";
import { successResponseSchema } from "~/shared/api/api-contract";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = {
  400: errorResponse("Invalid input"),
  401: errorResponse("Not signed in"),
  403: errorResponse("Missing anti-forgery token, or banned"),
};
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

const getStatus = createRoute({
  method: "get",
  path: "/user/smartlook-status",
  tags: ["user"],
  summary: "Whether session recording is configured, and how the browser starts it",
  responses: { 200: { description: "Status", content: { "application/json": { schema: smartlookStatusSchema } } }, ...errors },
});
const addSession = createRoute({
  method: "post",
  path: "/user/add-smartlook-session",
  tags: ["user"],
  summary: "Remember a recording session id on the signed-in user",
  request: { body: json(addSmartlookSessionInput) },
  responses: {
    200: { description: "Stored (once per id)", content: { "application/json": { schema: successResponseSchema } } },
    ...errors,
    409: errorResponse("Session recording is not configured (SESSION_RECORDING_OFF)"),
  },
});

/** spec section 7: GET /user/smartlook-status, POST /user/add-smartlook-session (interpretations 10, 27). */
export function sessionRecordingRoutes({ db, settings }: { db: Database; settings: SessionRecordingSettings }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/user/smartlook-status", requireUser());
  app.use("/user/add-smartlook-session", requireUser());
  app.openapi(getStatus, (c) => {
    const projectKey = settings.projectKey;
    return c.json(
      {
        success: true as const,
        enabled: projectKey !== null,
        projectKey,
        region: smartlookRegion,
        scriptUrl: projectKey ? smartlookScriptUrl : null,
      },
      200,
    );
  });
  app.openapi(addSession, async (c) => {
    // Off means off: no session of a recorder this site does not run is kept.
    if (!settings.projectKey) throw new AppError("SESSION_RECORDING_OFF");
    await addSmartlookSession(db, { userId: currentUser(c).userId, sessionId: c.req.valid("json").sessionId });
    return c.json({ success: true as const }, 200);
  });
  return app;
}

import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { deleteCookie } from "hono/cookie";
import { findClickIds, findUserPayload } from "~/core/accounts/data";
import { deleteAccount, setClickIds, updateUserData } from "~/core/accounts/mutations";
import { getUsage } from "~/core/usage/data";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { ApiEnv } from "~/server/hono-env";
import { userPayloadResponseSchema } from "~/shared/accounts/accounts-api";
import { setClickIdsInput, setUserInput, storedClickIdsResponseSchema } from "~/shared/accounts/user-payload";
import { successResponseSchema } from "~/shared/api/api-contract";
import { usageSchema } from "~/shared/usage/usage-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = {
  400: errorResponse("Invalid input"),
  401: errorResponse("Not signed in"),
  403: errorResponse("Missing anti-forgery token, or banned"),
};
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

const getUser = createRoute({
  method: "get",
  path: "/user",
  tags: ["user"],
  summary: "The signed-in user's data",
  responses: { 200: { description: "User data", content: { "application/json": { schema: userPayloadResponseSchema } } }, ...errors },
});
const setUser = createRoute({
  method: "post",
  path: "/user/set",
  tags: ["user"],
  summary: "Save profile, settings and onboarding flags",
  request: { body: json(setUserInput) },
  responses: {
    200: { description: "Saved; the new data", content: { "application/json": { schema: userPayloadResponseSchema } } },
    ...errors,
  },
});
const setUserClickIds = createRoute({
  method: "post",
  path: "/user/set-click-ids",
  tags: ["user"],
  summary: "Store ad click ids for attribution",
  request: { body: json(setClickIdsInput) },
  responses: { 200: { description: "Stored", content: { "application/json": { schema: successResponseSchema } } }, ...errors },
});
const getUserClickIds = createRoute({
  method: "get",
  path: "/user/click-ids",
  tags: ["user"],
  summary: "The attribution stored on the account: ad click ids and utm_ parameters",
  responses: {
    200: {
      description: "Stored attribution",
      content: { "application/json": { schema: storedClickIdsResponseSchema } },
    },
    ...errors,
  },
});
const getUserUsage = createRoute({
  method: "get",
  path: "/user/usage",
  tags: ["user"],
  summary: "This month's metered usage: transcription minutes and uploads",
  responses: { 200: { description: "Usage", content: { "application/json": { schema: usageSchema } } }, ...errors },
});

const removeUser = createRoute({
  method: "delete",
  path: "/user",
  tags: ["user"],
  summary: "Delete my account and its data",
  responses: {
    200: { description: "Deleted and signed out", content: { "application/json": { schema: successResponseSchema } } },
    ...errors,
  },
});

/** spec section 7: GET /user, POST /user/set, POST /user/set-click-ids (read back: GET /user/click-ids); plus account deletion. */
export function userRoutes({ db, storage }: { db: Database; storage: Storage }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/user", requireUser());
  app.use("/user/*", requireUser());
  app.openapi(getUser, async (c) => {
    const payload = await findUserPayload(db, { userId: currentUser(c).userId });
    if (!payload) throw new AppError("UNAUTHENTICATED");
    return c.json({ success: true as const, payload }, 200);
  });
  app.openapi(setUser, async (c) => {
    const userId = currentUser(c).userId;
    await updateUserData(db, { userId, input: c.req.valid("json") });
    const payload = await findUserPayload(db, { userId });
    if (!payload) throw new AppError("UNAUTHENTICATED");
    return c.json({ success: true as const, payload }, 200);
  });
  app.openapi(setUserClickIds, async (c) => {
    await setClickIds(db, { userId: currentUser(c).userId, input: c.req.valid("json") });
    return c.json({ success: true as const }, 200);
  });
  app.openapi(getUserClickIds, async (c) => {
    const stored = await findClickIds(db, { userId: currentUser(c).userId });
    return c.json({ success: true as const, ...(stored ?? { clickIds: {}, utm: {} }) }, 200);
  });
  app.openapi(getUserUsage, async (c) => c.json(await getUsage(db, { userId: currentUser(c).userId }), 200));
  app.openapi(removeUser, async (c) => {
    await deleteAccount(db, storage, { userId: currentUser(c).userId });
    for (const name of ["parley.session_token", "parley.session_data", "parley.dont_remember"]) {
      deleteCookie(c, name, { path: "/" });
      deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
    }
    return c.json({ success: true as const }, 200);
  });
  return app;
}

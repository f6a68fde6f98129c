import type { Hook } from "@hono/zod-openapi";
import type { ApiEnv } from "../hono-env";
import { AppError } from "./api-error";

/** Bad input answers 400 VALIDATION_FAILED with the fields at fault (never a 500); thrown so onError translates it. */
export const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result) => {
  if (result.success) return;
  const details = result.error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message }));
  throw new AppError("VALIDATION_FAILED", details);
};

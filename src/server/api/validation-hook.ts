import type { Hook } from "@hono/zod-openapi";
import type { ApiEnv } from "../hono-env";
import { AppError } from "./api-error";

/** Bad input answers 400 VALIDATION_FAILED with the fields at fault (never a 500); thrown so onError translates it. */
export const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result) => {
  if (result.success) return;
  throw validationError(result.error.issues);
};

/** The 400 for zod issues, for routes that parse their input themselves (a streamed answer's body). */
export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  return new AppError(
    "VALIDATION_FAILED",
    issues.map((issue) => ({ field: issue.path.map(String).join(".") || "(body)", message: issue.message })),
  );
}

import { z } from "zod";
import { userPayloadSchema } from "./user-payload";

// Answers of the user and admin calls, named components in /api/openapi.json (zod's `.meta({ id })`).

/** GET /api/user and POST /api/user/set (spec section 7): the signed-in user's data. */
export const userPayloadResponseSchema = z
  .object({ success: z.literal(true), payload: userPayloadSchema })
  .meta({ id: "UserPayloadResponse" });
export type UserPayloadResponse = z.infer<typeof userPayloadResponseSchema>;

/** The admin's role and ban calls: done, and whether the e-mail has an account. */
export const adminUserActionResponseSchema = z
  .object({ success: z.literal(true), found: z.boolean() })
  .meta({ id: "AdminUserActionResponse" });
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponseSchema>;

import { z } from "zod";
import { passwordMaxLength, passwordMinLength } from "~/shared/accounts/password-rules";

// Error messages are auth.json keys under `errors.`; the pages translate them.
// Password rule (shared/accounts/password-rules.ts, the server applies the same): 8-128 characters, no
// composition rules, not a common password.
export const emailField = z.string().trim().min(1, "emailRequired").pipe(z.email("emailInvalid"));
export const passwordField = z
  .string()
  .min(passwordMinLength, "passwordTooShort")
  .max(passwordMaxLength, "passwordTooLong")
  // The list (about 200 KB) loads when a new password is first checked, never with the other pages.
  .refine(async (value) => !(await import("~/shared/accounts/common-passwords")).isCommonPassword(value), "passwordTooCommon");

export const signInInput = z.object({ email: emailField, password: z.string().min(1, "passwordRequired") });
export const signUpInput = z.object({
  name: z.string().trim().min(1, "nameRequired").max(100, "nameTooLong"),
  email: emailField,
  password: passwordField,
});
export const forgotPasswordInput = z.object({ email: emailField });
export const resetPasswordInput = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: "passwordsDiffer", path: ["confirm"] });

/** The first problem per field, as auth.json `errors.` keys. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    found[field] ??= issue.message;
  }
  return found;
}

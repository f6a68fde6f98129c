import { z } from "zod";

// Error messages are auth.json keys under `errors.`; the pages translate them.
// Password rule: 8-128 characters (create-auth.ts), no composition rules.
export const emailField = z.string().trim().min(1, "emailRequired").pipe(z.email("emailInvalid"));
export const passwordField = z.string().min(8, "passwordTooShort").max(128, "passwordTooLong");

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

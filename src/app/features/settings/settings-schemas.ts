// Form rules of the settings pages (zod at the boundary). Messages are codes; the forms show
// `account:settings.errors.<code>`. The limits mirror the server's setUserInput.
import { z } from "zod";

export const nameInput = z.object({
  name: z.string().trim().min(1, "nameRequired").max(100, "nameTooLong"),
});
export type NameInput = z.infer<typeof nameInput>;

/** The new address must be a valid e-mail and differ from the current one (compared without case). */
export function changeEmailInput(currentEmail: string) {
  return z.object({
    newEmail: z
      .string()
      .trim()
      .min(1, "emailRequired")
      .max(254, "emailInvalid")
      .pipe(z.email("emailInvalid"))
      .refine((email) => email.toLowerCase() !== currentEmail.toLowerCase(), "emailSame"),
  });
}
export type ChangeEmailInput = z.infer<ReturnType<typeof changeEmailInput>>;

/** The first problem's code, for one translated message under the field. */
export function firstErrorCode(error: z.ZodError): string {
  return error.issues[0]?.message ?? "invalid";
}

// The password rule of sign-up, reset and every other password change (spec section 5 leaves it open):
// 8 to 128 characters with no composition rules (NIST SP 800-63B), and not one of the passwords that
// breaches show people pick most (common-passwords.ts, loaded only where a password is chosen).

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** The first rule a new password breaks, or null when it is acceptable. Length is checked before the list. */
export type PasswordProblem = "passwordTooShort" | "passwordTooLong" | "passwordTooCommon";

export function passwordProblem(password: string, isCommon: (password: string) => boolean): PasswordProblem | null {
  if (password.length < passwordMinLength) return "passwordTooShort";
  if (password.length > passwordMaxLength) return "passwordTooLong";
  return isCommon(password) ? "passwordTooCommon" : null;
}

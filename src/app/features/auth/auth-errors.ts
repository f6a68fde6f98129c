import { ApiError } from "~/app/api/api-client";

/**
 * Maps an auth answer to an auth.json `errors.` key. Wrong e-mail and wrong password read the same,
 * so the page never says whether an address has an account.
 */
export function authErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return "network";
  if (error.status === 429) return "tooManyRequests";
  switch (error.errorCode) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
    case "INVALID_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "invalidCredentials";
    case "PASSWORD_TOO_SHORT":
      return "passwordTooShort";
    case "PASSWORD_TOO_LONG":
      return "passwordTooLong";
    case "PASSWORD_TOO_COMMON":
      return "passwordTooCommon";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return "linkInvalid";
    case "BANNED_USER":
      return "banned";
    default:
      return error.status >= 500 ? "server" : "generic";
  }
}

export function isBannedError(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode === "BANNED_USER";
}

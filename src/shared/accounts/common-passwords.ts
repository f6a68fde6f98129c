import { dictionary } from "@zxcvbn-ts/language-common";
import { passwordMinLength } from "./password-rules";

// The most common passwords seen in breaches, from zxcvbn-ts's list (about 49,000 entries shipped inside
// the npm package, so the check works offline). Only those long enough to pass the length rule matter:
// about 18,000. Compared without case, so "Password" and "PASSWORD" are as common as "password".
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"].filter((entry) => entry.length >= passwordMinLength));
  return commonPasswords.has(password.toLowerCase());
}

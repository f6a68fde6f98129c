import type { I18nFormatModule } from "i18next";
import { formatIcuMessage } from "./icu-message";

/**
 * i18next's message formatter (what i18next-icu was, without intl-messageformat's parser in the browser).
 * As i18next-icu did: a message that does not parse or lacks a value shows as written, and lists
 * (`returnObjects`) pass through untouched.
 */
export const icuFormat: I18nFormatModule & {
  parse(res: unknown, options: Record<string, unknown>, lng: string): unknown;
  addLookupKeys(finalKeys: string[]): string[];
} = {
  type: "i18nFormat",
  parse(res, options, lng) {
    if (typeof res !== "string") return res;
    try {
      return formatIcuMessage(res, lng, options ?? {});
    } catch {
      return res;
    }
  },
  // No `_one`/`_other` key suffixes: plurals live inside the ICU message.
  addLookupKeys: (finalKeys) => finalKeys,
};

import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { AlertMessage } from "~/app/ui/alert-store";

/** A server message as it came (already in the user's language), or a translation key of ours. */
export function useMessageText(): (message: AlertMessage) => string {
  const { t } = useTranslation();
  return useCallback((message) => (typeof message === "string" ? message : t(message.key, message.values)), [t]);
}

import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { pushAlert } from "~/app/ui/alert-store";

/** The codes the connect callbacks send back that have their own text; others read as the generic one. */
const knownErrors = new Set(["access_denied", "invalid_state", "provider_error", "not_configured"]);

const returnParams = ["calendar", "calendarError", "zoom", "zoomError"] as const;

/** The alert key for an OAuth return's query (`?calendar=connected`, `?calendarError=<code>`, …); null for none. */
export function oauthReturnMessage(params: URLSearchParams): { key: string; type: "success" | "error" } | null {
  const error = params.get("calendarError") ?? params.get("zoomError");
  if (error) return { key: `calendar:returned.error.${knownErrors.has(error) ? error : "generic"}`, type: "error" };
  if (params.get("calendar") === "connected") return { key: "calendar:returned.calendarConnected", type: "success" };
  if (params.get("zoom") === "connected") return { key: "calendar:returned.zoomConnected", type: "success" };
  return null;
}

/**
 * After the provider's consent screen the callback brings the browser back here with the outcome in the
 * query: say it (translated) and take it out of the address, so a reload or a shared link does not repeat it.
 */
export function useOAuthReturn(onReturn?: () => void): void {
  const [params, setParams] = useSearchParams();
  const hasReturn = returnParams.some((name) => params.has(name));
  useEffect(() => {
    if (!hasReturn) return;
    const message = oauthReturnMessage(params);
    if (message) pushAlert({ type: message.type, message: { key: message.key } });
    const next = new URLSearchParams(params);
    for (const name of returnParams) next.delete(name);
    setParams(next, { replace: true });
    onReturn?.();
  }, [hasReturn, params, setParams, onReturn]);
}

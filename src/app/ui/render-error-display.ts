import { isbot } from "isbot";
import { isRouteErrorResponse } from "react-router";

// spec section 8 "Render errors for bots: only logged, not shown" (interpretations 28). A crawler that
// meets a page that failed to render gets the page's frame with its way home, not the error's text (which
// would otherwise be indexed as the page's content); the server has logged the error already
// (entry.server handleError) and the browser logs it too. Answers from the server (404 and other HTTP
// statuses) are not render errors: everyone sees those.

export type RenderErrorDisplay = "answer" | "message" | "hidden";

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent) && isbot(userAgent);
}

export function renderErrorDisplay(error: unknown, { isBot }: { isBot: boolean }): RenderErrorDisplay {
  if (isRouteErrorResponse(error)) return "answer";
  return isBot ? "hidden" : "message";
}

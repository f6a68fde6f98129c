import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { splitLocale } from "../shared/i18n/locales";
import { appContext } from "./app-context";

export const streamTimeout = 5_000;

/** Server errors go to the structured log; unknown URLs (404) and aborted requests are not errors. */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  context.get(appContext).logRenderError(error);
}

// The server build bundles its own copy of app-context.ts; the Hono server takes the context key from
// here so both sides use the same one.
export { appContext };

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const app = loadContext.get(appContext);
  const i18n = app.getI18n(splitLocale(new URL(request.url).pathname).locale);
  // Bots and crawlers get the whole document at once; people get it streamed.
  const readyOption: keyof RenderToPipeableStreamOptions =
    isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={app.nonce} />
      </I18nextProvider>,
      {
        nonce: app.nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; spec section 8: render errors for bots are only logged.
          if (shellRendered) app.logRenderError(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

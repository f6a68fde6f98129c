import { getConnInfo } from "@hono/node-server/conninfo";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Auth } from "~/infra/auth/create-auth";
import type { ApiEnv } from "~/server/hono-env";
import type { Catalogs } from "~/server/i18n-catalogs";
import { requestLocale } from "~/shared/i18n/request-locale";
import { AppError, errorBody } from "../api-error";

/** Set from the socket, never from the client, so rate limits count per real address (see create-auth.ts). */
export const clientIpHeader = "x-parley-client-ip";

/** better-auth error codes with our own translated text (common.json `authErrors.<code>`). */
const translatedCodes = new Set([
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TOO_COMMON",
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_EMAIL",
  "INVALID_PASSWORD",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "BANNED_USER",
  "UNAUTHORIZED",
  "PROVIDER_NOT_FOUND",
  "EMAIL_NOT_VERIFIED",
  "TOO_MANY_REQUESTS",
]);

/**
 * better-auth's Fetch handler under /api/auth/* (sign-in, sign-up, verification, reset, social, admin).
 * Its error answers keep their `code` and gain our shape (`success`, `errorCode`) and a message in the
 * request's language, like every other API error.
 */
export function authRoutes(auth: Auth, catalogs: Catalogs) {
  const app = new OpenAPIHono<ApiEnv>();
  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(clientIpHeader);
    const address = safeRemoteAddress(c);
    if (address) headers.set(clientIpHeader, address);
    // A streamed body needs duplex "half" in Node's fetch; the DOM type does not list it yet.
    const request = new Request(c.req.raw, { headers, duplex: "half" } as RequestInit);
    const response = await auth.handler(request);
    if (response.status < 400) return response;
    return translateError(response, request.headers, catalogs);
  });
  return app;
}

async function translateError(response: Response, headers: Headers, catalogs: Catalogs): Promise<Response> {
  const text = await response.text();
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = text ? (JSON.parse(text) as typeof body) : {};
  } catch {
    // Not JSON: keep what better-auth said.
  }
  const answerHeaders = new Headers(response.headers);
  answerHeaders.set("Content-Type", "application/json; charset=utf-8");
  answerHeaders.delete("Content-Length");
  if (response.status === 404 && !body.code) {
    return new Response(JSON.stringify(errorBody(catalogs, headers, new AppError("NOT_FOUND"))), { status: 404, headers: answerHeaders });
  }
  const code = typeof body.code === "string" ? body.code : response.status === 429 ? "TOO_MANY_REQUESTS" : "BAD_REQUEST";
  const locale = requestLocale(headers);
  const message = translatedCodes.has(code)
    ? catalogs.getI18n(locale).getFixedT(locale, "common")(`authErrors.${code}`)
    : typeof body.message === "string"
      ? body.message
      : "";
  return new Response(JSON.stringify({ ...body, success: false, code, errorCode: code, message }), {
    status: response.status,
    headers: answerHeaders,
  });
}

function safeRemoteAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Requests built in-process (app.request in tests) have no socket.
    return undefined;
  }
}

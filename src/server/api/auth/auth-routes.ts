import { getConnInfo } from "@hono/node-server/conninfo";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Auth } from "~/infra/auth/create-auth";
import type { ApiEnv } from "~/server/hono-env";
import type { Catalogs } from "~/server/i18n-catalogs";
import { requestLocale } from "~/shared/i18n/request-locale";
import { AppError, errorBody } from "../api-error";

/**
 * Set from the socket, never from the client, so rate limits count per real address (see create-auth.ts);
 * behind proxies of our own, from what they forwarded (clientAddress).
 */
export const clientIpHeader = "x-parley-client-ip";

/**
 * Every auth body is a few fields (a One Tap credential, an Apple form post: a few KB); 64 KiB is ample. Larger
 * bodies are refused before they are read.
 */
const maxAuthBodyBytes = 64 * 1024;

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
export function authRoutes(auth: Auth, catalogs: Catalogs, { trustedProxyHops = 0 }: { trustedProxyHops?: number } = {}) {
  const app = new OpenAPIHono<ApiEnv>();
  app.post(
    "/auth/*",
    bodyLimit({
      maxSize: maxAuthBodyBytes,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );
  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(clientIpHeader);
    const address = clientAddress(safeRemoteAddress(c), c.req.header("X-Forwarded-For"), trustedProxyHops);
    if (address) headers.set(clientIpHeader, address);
    // Issue 21: the body is read whole here, before better-auth may answer without reading it (its 429):
    // a body left half-read by a stream would cost the client its keep-alive connection.
    const body = c.req.method === "POST" ? await c.req.arrayBuffer() : undefined;
    const request = new Request(c.req.url, { method: c.req.method, headers, body, signal: c.req.raw.signal });
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

/**
 * The client's address (issue 21): the socket's peer, or with `trustedProxyHops` proxies of our own in
 * front (a balancer, an ingress), the address the outermost of them saw: X-Forwarded-For's entry that many
 * from the right, since each proxy appends the peer it saw. Entries further left come from the client and
 * are never believed; a request with fewer entries came past the proxies and keeps its socket's address.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustedProxyHops: number) {
  if (trustedProxyHops === 0) return socketAddress;
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[entries.length - trustedProxyHops] ?? socketAddress;
}

function safeRemoteAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Requests built in-process (app.request in tests) have no socket.
    return undefined;
  }
}

import { getConnInfo } from "@hono/node-server/conninfo";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Auth } from "../../infra/auth/create-auth";
import type { ApiEnv } from "../hono-env";

/** Set from the socket, never from the client, so rate limits count per real address (see create-auth.ts). */
export const clientIpHeader = "x-parley-client-ip";

/** better-auth's Fetch handler under /api/auth/* (sign-in, sign-up, verification, reset, social, admin). */
export function authRoutes(auth: Auth) {
  const app = new OpenAPIHono<ApiEnv>();
  app.on(["GET", "POST"], "/auth/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(clientIpHeader);
    const address = safeRemoteAddress(c);
    if (address) headers.set(clientIpHeader, address);
    // A streamed body needs duplex "half" in Node's fetch; the DOM type does not list it yet.
    const request = new Request(c.req.raw, { headers, duplex: "half" } as RequestInit);
    return auth.handler(request);
  });
  return app;
}

function safeRemoteAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Requests built in-process (app.request in tests) have no socket.
    return undefined;
  }
}

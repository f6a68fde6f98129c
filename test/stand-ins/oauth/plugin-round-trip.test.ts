import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { betterAuth } from "better-auth";
import { memoryAdapter } from "better-auth/adapters/memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { socialEnvShape } from "../../../src/infra/auth/social/social-env";
import { socialSignInPlugin } from "../../../src/infra/auth/social/social-plugin";
import { answerConsent } from "./consent-client";
import { type OAuthStandIns, startOAuthStandIns } from "./server";
import { generateAppleClientKey, standInClients, standInSocialEnv } from "./test-clients";

// The plugin inside a bare better-auth (memory adapter) over real HTTP: the callback, state cookie and
// session handling are better-auth's own, so this holds without the app build. The app's round trip,
// with its database and routes, is app-round-trip.test.ts.
const appleKey = generateAppleClientKey();
const tables: Record<string, Record<string, unknown>[]> = { user: [], session: [], account: [], verification: [] };
let standIns: OAuthStandIns;
let server: ReturnType<typeof serve>;
let base = "";

beforeAll(async () => {
  standIns = await startOAuthStandIns({ port: 0, clients: standInClients(appleKey.publicKeyPem) });
  const env = z.object(socialEnvShape).parse(standInSocialEnv(standIns.url, appleKey));
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  server = await new Promise((resolve) => {
    const started = serve({ fetch: (request) => handler(request), port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  const auth = betterAuth({
    baseURL: base,
    basePath: "/api/auth",
    secret: "plugin-round-trip-secret-0123456789abcdef",
    database: memoryAdapter(tables),
    logger: { disabled: true },
    plugins: [socialSignInPlugin(env)],
  });
  handler = auth.handler;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await standIns?.close();
});

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

describe.each(["google", "facebook", "apple", "microsoft"] as const)("%s through better-auth", (provider) => {
  it("ends in a session cookie and a redirect to the new-user page", async () => {
    const start = await fetch(`${base}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ provider, callbackURL: "/signin", errorCallbackURL: "/login", newUserCallbackURL: "/onboarding/start" }),
    });
    expect(start.status).toBe(200);
    const stateCookie = cookiesOf(start);
    const answer = await answerConsent(((await start.json()) as { url: string }).url);
    let callback = answer.target;
    if (answer.method === "POST") {
      // Apple's form_post is cross-site: no cookies; better-auth answers with a same-site GET.
      const post = await fetch(answer.target, {
        method: "POST",
        redirect: "manual",
        headers: { origin: standIns.url },
        body: answer.params,
      });
      expect(post.status).toBe(302);
      callback = new URL(post.headers.get("location") ?? "", base);
    }
    const back = await fetch(callback, { redirect: "manual", headers: { cookie: stateCookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/onboarding/start");
    expect(cookiesOf(back)).toContain("better-auth.session_token=");
  });
});

describe("One Tap through better-auth", () => {
  it("answers a valid credential with a session and an invalid one with INVALID_ID_TOKEN", async () => {
    const post = (idToken: string) =>
      fetch(`${base}/api/auth/one-tap/callback`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ idToken }),
      });
    const good = await post(await standIns.google.idToken({ name: "Otto", email: "otto.plugin@example.test" }));
    expect(good.status).toBe(200);
    expect(cookiesOf(good)).toContain("better-auth.session_token=");
    const bad = await post(await standIns.google.idToken({ name: "Eve", email: "eve@example.test" }, { audience: "another-client" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("INVALID_ID_TOKEN");
  });
});

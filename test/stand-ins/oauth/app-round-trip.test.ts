import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "../../../src/server/start-web";
import { startTestWeb, TestClient } from "../../support/test-web";
import { answerConsent } from "./consent-client";
import { type OAuthStandIns, startOAuthStandIns } from "./server";
import { generateAppleClientKey, standInClients, standInSocialEnv } from "./test-clients";
import type { StandInProviderId, StandInUser } from "./test-users";

// Every provider's full round trip over real HTTP against the real web role (needs `npm run build`):
// /api/auth/sign-in/social -> stand-in consent -> /api/auth/callback/<id> -> session -> GET /api/user.
const appleKey = generateAppleClientKey();
let standIns: OAuthStandIns;
let web: RunningWeb;

beforeAll(async () => {
  standIns = await startOAuthStandIns({ port: 0, clients: standInClients(appleKey.publicKeyPem) });
  // better-auth allows 3 `/sign-in/*` calls per 10 s from one address; this suite makes a dozen.
  web = await startTestWeb("pglite", { ...standInSocialEnv(standIns.url, appleKey), AUTH_RATE_LIMIT_SCALE: "100" });
});
afterAll(async () => {
  await web?.stop();
  await standIns?.close();
});

const newPerson = (label: string): StandInUser => ({ name: "Rosa Parks", email: `${label}-${randomUUID().slice(0, 8)}@example.test` });

/**
 * Plays the browser: start at the app, consent at the stand-in, come back. A form_post (Apple) is a
 * cross-site POST, so it carries no cookies, as SameSite=Lax cookies are withheld from it; the app's
 * answer redirects to a same-site GET, which does carry them.
 */
async function signInWith(provider: StandInProviderId, user: StandInUser | undefined, options: { deny?: boolean } = {}) {
  const client = new TestClient(web.url);
  const start = await client.request("POST", "/api/auth/sign-in/social", {
    provider,
    callbackURL: "/signin",
    errorCallbackURL: "/login",
    newUserCallbackURL: "/onboarding/start",
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const answer = await answerConsent(url, { user, deny: options.deny });
  expect(answer.target.origin).toBe(web.url);
  let back: Response;
  if (answer.method === "POST") {
    const post = await fetch(answer.target, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: standIns.url },
      body: answer.params,
    });
    expect(post.status).toBe(302);
    const next = new URL(post.headers.get("location") ?? "", web.url);
    back = await client.request("GET", `${next.pathname}${next.search}`);
  } else {
    back = await client.request("GET", `${answer.target.pathname}${answer.target.search}`);
  }
  expect(back.status).toBe(302);
  return { client, location: new URL(back.headers.get("location") ?? "", web.url) };
}

async function signedInEmail(client: TestClient): Promise<string | null> {
  const response = await client.api("GET", "/user");
  if (response.status !== 200) return null;
  return ((await response.json()) as { payload: { email: string } }).payload.email;
}

describe.each(["google", "facebook", "apple", "microsoft"] as const)("sign-in with %s", (provider) => {
  it("creates the user, sets the session and sends a new user to onboarding; the next time signs the same user in", async () => {
    const person = newPerson(provider);
    const first = await signInWith(provider, person);
    expect(first.location.pathname).toBe("/onboarding/start");
    expect(await signedInEmail(first.client)).toBe(person.email);
    const userId = ((await (await first.client.api("GET", "/user")).json()) as { payload: { userId: string } }).payload.userId;

    const again = await signInWith(provider, person);
    expect(again.location.pathname).toBe("/signin");
    const second = (await (await again.client.api("GET", "/user")).json()) as { payload: { userId: string } };
    expect(second.payload.userId).toBe(userId);
  });

  it("answers a refused consent with error=access_denied on the error page, and no session", async () => {
    const { client, location } = await signInWith(provider, newPerson(provider), { deny: true });
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(await signedInEmail(client)).toBeNull();
  });
});

describe("Facebook without an e-mail", () => {
  it("fails with error=email_not_found and makes no account", async () => {
    const { client, location } = await signInWith("facebook", { name: "No Mail", email: undefined });
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("email_not_found");
    expect(await signedInEmail(client)).toBeNull();
  });
});

describe("Apple", () => {
  it("takes the name from the `user` field of the first authorization", async () => {
    const person = { name: "Katherine Johnson", email: `apple-name-${randomUUID().slice(0, 8)}@example.test` };
    const { client } = await signInWith("apple", person);
    const user = (await (await client.api("GET", "/user")).json()) as { payload: { name: string } };
    expect(user.payload.name).toBe("Katherine Johnson");
  });
});

describe("Google One Tap", () => {
  it("signs in with a credential from the configured issuer", async () => {
    const person = newPerson("one-tap");
    const client = new TestClient(web.url);
    const response = await client.request("POST", "/api/auth/one-tap/callback", { idToken: await standIns.google.idToken(person) });
    expect(response.status).toBe(200);
    expect(await signedInEmail(client)).toBe(person.email);
  });

  it("refuses a credential for another client id with INVALID_ID_TOKEN and no session", async () => {
    const client = new TestClient(web.url);
    const idToken = await standIns.google.idToken(newPerson("one-tap-bad"), { audience: "someone-else.apps.googleusercontent.com" });
    const response = await client.request("POST", "/api/auth/one-tap/callback", { idToken });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_ID_TOKEN");
    expect(await signedInEmail(client)).toBeNull();
  });
});

import { expect } from "vitest";
import type { RunningWeb } from "../../src/server/start-web";
import { actionCodeFor, TestClient } from "./test-web";

/**
 * Users for the accounts suites (auth, anti-forgery, user and admin routes): fresh addresses and verified
 * clients whose sign-up and verification are checked on the way, since those steps are what the suites
 * are about (the plain verifiedClient trusts them). `web` is read when called: suites start it in beforeAll.
 */
export function accountClients(web: () => RunningWeb) {
  let counter = 0;
  const password = "correct horse battery";
  const freshEmail = () => `user${++counter}-${Date.now()}@example.com`;

  async function verifiedClient(language = "en") {
    const client = new TestClient(web().url, language);
    const email = freshEmail();
    expect((await client.signUp(email, password)).status).toBe(200);
    const verify = await client.request(
      "GET",
      `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web(), email, "verifyEmail"))}`,
    );
    expect(verify.status).toBe(200);
    expect(client.cookie("parley.session_token")).toBeTruthy();
    return { client, email };
  }

  return { password, freshEmail, verifiedClient };
}

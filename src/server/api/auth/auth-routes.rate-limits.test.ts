import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { startTestWeb, TestClient } from "../../../../test/support/test-web";

// issue 3 "Abuse": sign-in attempts are limited per client address, and the address comes from the
// socket, so a client cannot spread its attempts over made-up forwarding headers.
describe("auth rate limits", () => {
  let web: RunningWeb;

  beforeAll(async () => {
    web = await startTestWeb("pglite");
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("answers 429 after 10 sign-in attempts in a minute, whatever address headers the client sends", async () => {
    const client = new TestClient(web.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await client.request(
        "POST",
        "/api/auth/sign-in/email",
        { email: "nobody@example.com", password: "wrong password" },
        { "X-Forwarded-For": `10.0.0.${attempt}`, "X-Parley-Client-Ip": `10.1.0.${attempt}` },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { startTestWeb, TestClient } from "../../../../test/support/test-web";
import { clientAddress } from "./auth-routes";

// Issue 21: behind a load balancer every request's socket peer is the balancer, so per-address sign-in
// limits would make all users one address. TRUSTED_PROXY_HOPS names the proxies of our own; the client
// is the address the outermost of them saw, and what the client wrote further left is still ignored.
describe("the client's address behind proxies of our own", () => {
  it("takes X-Forwarded-For's entry that many hops from the right, never the client's own entries", () => {
    expect(clientAddress("10.0.0.1", "203.0.113.9", 0)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 203.0.113.9, 10.0.0.7", 2)).toBe("203.0.113.9");
    // Fewer entries than proxies: it did not come through them all; the socket's peer stands.
    expect(clientAddress("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "203.0.113.9", 2)).toBe("10.0.0.1");
  });
});

describe("auth rate limits with TRUSTED_PROXY_HOPS=1", () => {
  let web: RunningWeb;

  beforeAll(async () => {
    web = await startTestWeb("pglite", { TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  // A new address each time: what is counted here is the client's address, not the account (its own limit).
  let emails = 0;
  const signIn = (client: TestClient, forwardedFor: string) =>
    client.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: `nobody${++emails}@example.com`, password: "wrong password" },
      { "X-Forwarded-For": forwardedFor },
    );

  it("counts each client the balancer forwards on its own, and one client's attempts together", async () => {
    const client = new TestClient(web.url);
    // Eleven users behind the balancer, one attempt each: nobody is limited by the others.
    const users: number[] = [];
    for (let user = 0; user < 11; user++) users.push((await signIn(client, `198.51.100.${user}`)).status);
    expect(users).toEqual(Array(11).fill(401));
    // One user, eleven attempts, each with a different made-up address in front of what the balancer saw.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await signIn(client, `10.9.9.${attempt}, 203.0.113.5`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

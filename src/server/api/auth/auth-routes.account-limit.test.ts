import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawAnswer } from "../../../../test/support/raw-http";
import { RawConnection } from "../../../../test/support/raw-http";
import { startTestWeb, verifiedClient } from "../../../../test/support/test-web";
import type { RunningWeb } from "../../start-web";

// Issue 21: sign-in is limited per account as well as per address. Each client here has its own socket
// address (127.0.0.x), which is what the per-address limit counts (forwarding headers are not trusted).
describe("the per-account sign-in limit", () => {
  let web: RunningWeb;
  const password = "correct horse battery";

  beforeAll(async () => {
    web = await startTestWeb("pglite");
  });
  afterAll(async () => {
    await web?.stop();
  });

  async function signIn(from: string, email: string, attempt: string): Promise<RawAnswer> {
    const connection = await RawConnection.open(web.url, from);
    try {
      const host = new URL(web.url).host;
      const answer = await connection.exchange(
        [
          `POST /api/auth/sign-in/email HTTP/1.1`,
          `Host: ${host}`,
          `Origin: ${web.url}`,
          "Content-Type: application/json",
          "Accept-Language: es",
        ],
        JSON.stringify({ email, password: attempt }),
      );
      if (!answer) throw new Error(`no answer to a sign-in from ${from}`);
      return answer;
    } finally {
      connection.close();
    }
  }

  it("refuses the 11th wrong password at one account from three addresses, then even the right one", async () => {
    await verifiedClient(web, "target@example.com");
    await verifiedClient(web, "bystander@example.com");
    const statuses: number[] = [];
    // Four guesses from each of three addresses: each stays under its own 10 a minute.
    for (const from of ["127.0.0.2", "127.0.0.3", "127.0.0.4"]) {
      for (let guess = 0; guess < 4; guess++) statuses.push((await signIn(from, "Target@example.com", `guess ${from} ${guess}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);

    // The owner, from an address that made no guess, waits out the lock (5 minutes): the translated 429 text.
    const owner = await signIn("127.0.0.5", "target@example.com", password);
    expect(owner.status).toBe(429);
    const body = JSON.parse(owner.body) as { success: boolean; errorCode: string; message: string };
    expect(body).toMatchObject({ success: false, errorCode: "TOO_MANY_REQUESTS" });
    expect(body.message).not.toMatch(/too many sign-in attempts/i);
    expect(body.message.length).toBeGreaterThan(0);

    // Another account is not touched.
    expect((await signIn("127.0.0.5", "bystander@example.com", password)).status).toBe(200);
  });
});

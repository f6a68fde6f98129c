import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { startTestWeb, verifiedClient } from "../../../test/support/test-web";
import { firstUnstorable } from "./storable-text";

// Issue 21: text PostgreSQL cannot store (a NUL; a lone UTF-16 surrogate in jsonb) answered 500 from
// whichever insert met it. It is refused at the API's boundary with a translated 400, and nothing is kept.
describe("firstUnstorable", () => {
  it("names the first field holding a NUL or a lone surrogate, and passes real pairs", () => {
    expect(firstUnstorable({ title: "ok", nested: [{ text: "a\u0000b" }] })).toBe("nested.0.text");
    expect(firstUnstorable({ q: "\ud83d" })).toBe("q");
    expect(firstUnstorable({ q: "x\udc00" })).toBe("q");
    expect(firstUnstorable({ "bad\u0000key": 1 })).toBe("bad\u0000key");
    expect(firstUnstorable({ emoji: "🎉 ação", list: ["ok", 3, null, true] })).toBeNull();
  });
});

describe("the API refuses text PostgreSQL cannot store", () => {
  let web: RunningWeb;
  let counter = 0;
  const signedIn = (language = "en") => verifiedClient(web, `storable${++counter}@example.com`, language);

  beforeAll(async () => {
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100" });
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  it.each([
    ["a note's text", "POST", "/notes/text", { text: "Hello\u0000world" }],
    ["a note's text (lone surrogate)", "POST", "/notes/text", { text: "Hello \ud800 world" }],
    ["a profile name", "POST", "/user/set", { name: "Ana\u0000" }],
    ["click ids", "POST", "/user/set-click-ids", { clickIds: { gclid: "abc\u0000" } }],
  ])("refuses %s with a translated 400 and stores nothing", async (_label, method, path, body) => {
    const client = await signedIn("es");
    const answer = await client.api(method, path, body);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errorCode: "VALIDATION_FAILED", message: expect.any(String) });
    expect(((await (await client.api("GET", "/notes")).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("refuses a NUL in a path parameter (an admin's free-text user id reached SQL with it)", async () => {
    const client = await signedIn();
    const answer = await client.api("GET", "/shared/a%00b");
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errorCode: "VALIDATION_FAILED", details: [{ field: "path" }] });
  });

  it("refuses a JSON body over 16 MiB before reading it", async () => {
    const client = await signedIn();
    const answer = await client.api("POST", "/notes/text", { text: "x".repeat(17 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ success: false, errorCode: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses a NUL in a search and still answers a normal one", async () => {
    const client = await signedIn();
    expect((await client.api("GET", "/notes?q=a%00b")).status).toBe(400);
    expect((await client.api("GET", "/notes?q=ab")).status).toBe(200);
  });
});

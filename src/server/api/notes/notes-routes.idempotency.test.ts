import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";
import type { RunningWeb } from "../../start-web";

// Issue 21: creating a note is idempotent under an Idempotency-Key: a client that retries after a dropped
// answer gets the first answer again, not a second note.
describe.each(databaseKinds)("Idempotency-Key on note creation (%s)", (kind) => {
  let web: RunningWeb;
  let ana: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    web = await startTestWeb(kind);
    ana = await verifiedClient(web, `ana-${kind}@example.com`);
    bob = await verifiedClient(web, `bob-${kind}@example.com`, "es");
  });
  afterAll(async () => {
    await web?.stop();
  });

  const createText = (client: TestClient, key: string, text: string) =>
    client.api("POST", "/notes/text", { title: "Retried", text }, { "Idempotency-Key": key });

  async function noteCount(client: TestClient): Promise<number> {
    const page = (await (await client.api("GET", "/notes")).json()) as { items: unknown[] };
    return page.items.length;
  }

  it("answers a retry with the first answer and makes one note", async () => {
    const before = await noteCount(ana);
    const first = await createText(ana, "key-1", "The minutes of Monday.");
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { note: { id: string } };
    const retry = await createText(ana, "key-1", "The minutes of Monday.");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(firstBody);
    expect(await noteCount(ana)).toBe(before + 1);
    // Without a key, the same call makes another note.
    expect((await ana.api("POST", "/notes/text", { title: "Retried", text: "The minutes of Monday." })).status).toBe(201);
    expect(await noteCount(ana)).toBe(before + 2);
  });

  it("refuses the same key with another body, with a translated 422", async () => {
    expect((await createText(bob, "key-2", "First text.")).status).toBe(201);
    const other = await createText(bob, "key-2", "Another text.");
    expect(other.status).toBe(422);
    const body = (await other.json()) as { success: boolean; errorCode: string; message: string };
    expect(body).toMatchObject({ success: false, errorCode: "IDEMPOTENCY_KEY_REUSED" });
    expect(body.message).toMatch(/clave/);
  });

  it("keeps keys per user", async () => {
    const anaNote = (await (await createText(ana, "shared-key", "Same words.")).json()) as { note: { id: string } };
    const bobAnswer = await createText(bob, "shared-key", "Same words.");
    expect(bobAnswer.status).toBe(201);
    expect(bobAnswer.headers.get("idempotent-replayed")).toBeNull();
    expect(((await bobAnswer.json()) as { note: { id: string } }).note.id).not.toBe(anaNote.note.id);
  });

  it("makes one note from two simultaneous requests with one key", async () => {
    const before = await noteCount(ana);
    const answers = await Promise.all([createText(ana, "key-race", "Raced."), createText(ana, "key-race", "Raced.")]);
    const statuses = answers.map((answer) => answer.status).sort();
    // One creates; the other replays it (201) or finds it still running (409, the draft standard's answer).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const conflict = answers.find((answer) => answer.status === 409);
    if (conflict) expect(await conflict.json()).toMatchObject({ success: false, errorCode: "IDEMPOTENCY_KEY_IN_PROGRESS" });
    expect(await noteCount(ana)).toBe(before + 1);
    // A later retry gets the note that was made.
    const retry = await createText(ana, "key-race", "Raced.");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps no error answer: the key stays free for a corrected retry", async () => {
    const refused = await createText(ana, "key-error", "   ");
    expect(refused.status).toBe(400);
    const again = await createText(ana, "key-error", "   ");
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect((await createText(ana, "key-error", "Now with words.")).status).toBe(201);
  });

  it("refuses a key that is not 1-255 printable characters", async () => {
    const answer = await createText(ana, "x".repeat(256), "Too long a key.");
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, errorCode: "VALIDATION_FAILED" });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// Notes over real HTTP (needs `npm run build`): pasted text becomes a ready note with its transcript;
// lists page with a cursor; another user's note reads as not found; bad input answers 400, translated.
describe("notes API", () => {
  let web: RunningWeb;
  let counter = 0;

  const signedIn = (language = "en") => verifiedClient(web, `notes${++counter}@example.com`, language);

  beforeAll(async () => {
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("creates a text note, ready, with its paragraphs as the transcript", async () => {
    const client = await signedIn();
    const response = await client.api("POST", "/notes/text", {
      text: "Weekly sync\n\nWe agreed to ship on Friday.\n\nAna writes the notes.",
    });
    expect(response.status).toBe(201);
    const { note } = (await response.json()) as { note: { id: string; data: Record<string, unknown> } };
    expect(note.data).toMatchObject({ title: "Weekly sync", type: "text", transcriptionCode: "transcription_ready", active: true });
    const read = (await (await client.api("GET", `/notes/${note.id}`)).json()) as { transcript: { text: string }[] };
    expect(read.transcript.map((segment) => segment.text)).toEqual([
      "Weekly sync",
      "We agreed to ship on Friday.",
      "Ana writes the notes.",
    ]);
    // A first line too long for a title gives its first sentence, not 80 characters cut mid-word.
    const long = await client.api("POST", "/notes/text", {
      text: "Ana opened the weekly product meeting. The mobile release is on track for next Tuesday, said Bruno.\nMore.",
    });
    expect(((await long.json()) as { note: { data: { title: string } } }).note.data.title).toBe("Ana opened the weekly product meeting.");
  });

  it("pages the list with nextCursor and keeps other users' notes out", async () => {
    const ana = await signedIn();
    const bob = await signedIn();
    for (const text of ["one", "two", "three"]) await ana.api("POST", "/notes/text", { text });
    const first = (await (await ana.api("GET", "/notes?limit=2")).json()) as { items: { id: string }[]; nextCursor: string | null };
    expect(first.items).toHaveLength(2);
    const second = (await (await ana.api("GET", `/notes?limit=2&cursor=${first.nextCursor}`)).json()) as {
      items: unknown[];
      nextCursor: string | null;
    };
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(((await (await bob.api("GET", "/notes")).json()) as { items: unknown[] }).items).toEqual([]);
    const stolen = await bob.api("GET", `/notes/${first.items[0]?.id}`);
    expect(stolen.status).toBe(404);
  });

  it("reads an impossible date in a cursor as no cursor, and refuses dates PostgreSQL has no year for (issue 21)", async () => {
    const ana = await signedIn();
    await ana.api("POST", "/notes/text", { text: "one" });
    const cursorAt = (time: string) => Buffer.from(`${time}|00000000-0000-4000-8000-000000000000`).toString("base64url");
    for (const time of ["2026-02-30T10:00:00.000000Z", "0000-01-01T00:00:00Z", "2026-13-01T00:00:00Z"]) {
      const page = await ana.api("GET", `/notes?cursor=${cursorAt(time)}`);
      expect(page.status).toBe(200);
      expect(((await page.json()) as { items: unknown[] }).items).toHaveLength(1);
    }
    for (const query of ["from=0000-01-01", "to=9999-12-31", "from=0000-06-01T00:00:00Z", "to=2026-02-30"]) {
      const answer = await ana.api("GET", `/notes?${query}`);
      expect(answer.status, query).toBe(400);
      expect(await answer.json()).toMatchObject({ errorCode: "VALIDATION_FAILED" });
    }
    expect((await ana.api("GET", "/notes?from=2020-01-01&to=9998-12-31")).status).toBe(200);
  });

  it.each([
    ["empty text", { text: "   " }],
    ["an unknown field", { text: "hi", type: "meeting" }],
    ["a bad language", { text: "hi", language: "english" }],
  ])("refuses %s with a translated 400", async (_label, body) => {
    const client = await signedIn("es");
    const response = await client.api("POST", "/notes/text", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: "VALIDATION_FAILED",
      message: "Parte de la información enviada no es válida.",
    });
  });

  it("answers 400 for a malformed id and 401 without a session", async () => {
    const client = await signedIn();
    expect((await client.api("GET", "/notes/not-a-uuid")).status).toBe(400);
    expect((await new TestClient(web.url).api("GET", "/notes")).status).toBe(401);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoNotes } from "~/core/demo-notes/data";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { Storage } from "~/infra/storage/storage";
import type { RunningWeb } from "~/server/start-web";
import { sampleAiNotes, seedNote, userIdOf } from "../../../../test/support/seed-notes";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// Public links over real HTTP (needs `npm run build`): the owner turns a note's link on (one link, however
// often asked) and off; anyone reads it signed out, on the server-rendered /n/ page and its JSON, with
// its media by range, and never sees who owns it; a revoked or unknown link is a 404.
describe("sharing API and public pages", () => {
  let web: RunningWeb;
  let storage: Storage;
  let counter = 0;
  const media = Uint8Array.from({ length: 500 }, (_, index) => (index * 13) % 256);

  async function signedIn(): Promise<{ client: TestClient; userId: string; email: string }> {
    const email = `share${++counter}@example.com`;
    const client = await verifiedClient(web, email);
    return { client, userId: await userIdOf(web.database.db, email), email };
  }
  async function share(client: TestClient, noteId: string): Promise<{ shareId: string; url: string }> {
    const answer = await client.api("POST", `/notes/${noteId}/share`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as { shareId: string; url: string };
  }

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-share-"));
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100", DATA_DIR: dataDir, EMBEDDED_WORKER: "false" });
    storage = createDiskStorage(path.join(dataDir, "files"));
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("gives one unguessable link per note, however often it is asked for", async () => {
    const { client, userId } = await signedIn();
    const first = await seedNote(web.database.db, storage, userId);
    const second = await seedNote(web.database.db, storage, userId);
    const link = await share(client, first);
    // 18 random bytes as base64url: 24 characters, 144 bits.
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.url).toBe(`${web.url}/n/${link.shareId}`);
    expect(await share(client, first)).toEqual(link);
    const other = await share(client, second);
    expect(other.shareId).not.toBe(link.shareId);
    const note = (await (await client.api("GET", `/notes/${first}`)).json()) as { note: { data: { shareId: string } } };
    expect(note.note.data.shareId).toBe(link.shareId);
  });

  it("shows a shared note signed out, rendered on the server, with nothing about its owner", async () => {
    const { client, userId, email } = await signedIn();
    const noteId = await seedNote(web.database.db, storage, userId, { media, title: "Launch review", aiNotes: sampleAiNotes });
    const { shareId } = await share(client, noteId);
    const anonymous = new TestClient(web.url);

    const json = await anonymous.api("GET", `/shared/${shareId}`);
    expect(json.status).toBe(200);
    expect(json.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const body = (await json.json()) as { note: Record<string, unknown> };
    expect(body.note).toMatchObject({
      title: "Launch review",
      type: "file",
      media: { kind: "audio" },
      aiNotes: { content: sampleAiNotes, isExtractive: false },
    });
    expect(Object.keys(body.note).sort()).toEqual(
      ["aiNotes", "createdAt", "durationSeconds", "language", "media", "title", "transcript", "type", "youtubeVideoId"].sort(),
    );
    expect((body.note.transcript as { speaker: string }[]).map((segment) => segment.speaker)).toEqual([
      "Speaker 1",
      "Speaker 2",
      "Speaker 1",
    ]);
    const text = JSON.stringify(body);
    for (const secret of [userId, email, noteId, "users/", "mediaKey", "userId", "folderId"]) expect(text).not.toContain(secret);

    const page = await anonymous.request("GET", `/n/${shareId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain("Launch review");
    expect(html).toContain("Sarah owns the checklist");
    expect(html).toContain("Finish the release checklist");
    // The page's labels come from the notes catalog (never raw keys).
    expect(html).toContain(">AI notes<");
    expect(html).not.toContain("aiNotes.");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).toContain(`/api/shared/${shareId}/media`);
    for (const secret of [userId, email, noteId]) expect(html).not.toContain(secret);
    // Public mode: no editing controls on the page.
    for (const control of [">Edit<", ">Rename<", ">Delete<", ">Share<"]) expect(html).not.toContain(control);

    const ranged = await anonymous.request("GET", `/api/shared/${shareId}/media`, undefined, { Range: "bytes=10-19" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 10-19/500");
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(media.subarray(10, 20));
  });

  it("turns a link off: the old address, its JSON and its media answer 404; sharing again makes a new link", async () => {
    const { client, userId } = await signedIn();
    const noteId = await seedNote(web.database.db, storage, userId, { media });
    const { shareId } = await share(client, noteId);
    expect((await client.api("DELETE", `/notes/${noteId}/share`)).status).toBe(204);
    const anonymous = new TestClient(web.url);
    expect((await anonymous.api("GET", `/shared/${shareId}`)).status).toBe(404);
    expect((await anonymous.request("GET", `/api/shared/${shareId}/media`)).status).toBe(404);
    expect((await anonymous.request("GET", `/n/${shareId}`)).status).toBe(404);
    const again = await share(client, noteId);
    expect(again.shareId).not.toBe(shareId);
    expect((await anonymous.api("GET", `/shared/${again.shareId}`)).status).toBe(200);
  });

  it("lets no one else share, revoke or see the owner's link", async () => {
    const ana = await signedIn();
    const bob = await signedIn();
    const noteId = await seedNote(web.database.db, storage, ana.userId);
    const { shareId } = await share(ana.client, noteId);
    expect((await bob.client.api("POST", `/notes/${noteId}/share`)).status).toBe(404);
    expect((await bob.client.api("DELETE", `/notes/${noteId}/share`)).status).toBe(404);
    expect((await new TestClient(web.url).api("GET", `/shared/${shareId}`)).status).toBe(200);
    expect((await new TestClient(web.url).api("POST", `/notes/${noteId}/share`)).status).toBe(401);
  });

  it.each(["AAAAAAAAAAAAAAAAAAAAAAAA", "short", "has.dots.in.it.and.more"])("answers 404 for the link %s", async (shareId) => {
    const anonymous = new TestClient(web.url);
    expect((await anonymous.api("GET", `/shared/${shareId}`)).status).toBe(404);
    expect((await anonymous.request("GET", `/api/shared/${shareId}/media`)).status).toBe(404);
    expect((await anonymous.request("GET", `/n/${shareId}`)).status).toBe(404);
  });

  it("shows every demo note signed out, in each language, and 404 for an unknown one", async () => {
    const anonymous = new TestClient(web.url);
    for (const demo of demoNotes) {
      const page = await anonymous.request("GET", `/demo-note/${demo.id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(demo.note.title.replace(/&/g, "&amp;"));
      expect(html).toContain(demo.note.aiNotes?.content.actionItems[0]?.text ?? "");
    }
    const spanish = await (await anonymous.request("GET", `/es/demo-note/${demoNotes[0]?.id}`)).text();
    expect(spanish).toContain("Tareas");
    expect((await anonymous.request("GET", "/demo-note/no-such-demo")).status).toBe(404);
  });
});

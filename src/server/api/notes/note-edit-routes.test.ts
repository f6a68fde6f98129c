import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noteKeys } from "~/core/notes/storage-keys";
import { transcriptSegments } from "~/infra/db/notes-schema";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { Storage } from "~/infra/storage/storage";
import type { RunningWeb } from "~/server/start-web";
import { sampleSegments, seedNote, userIdOf } from "../../../../test/support/seed-notes";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

interface Segment {
  position: number;
  text: string;
  speaker: string | null;
  words: { start: number; end: number; word: string }[] | null;
}

// Editing a note over real HTTP (needs `npm run build`): its media for the player with HTTP Range, title,
// transcript corrections, speaker renames and delete (files too). Every route answers 404 for another
// user's note and leaves it as it was.
describe("note editing API", () => {
  let web: RunningWeb;
  let storage: Storage;
  let counter = 0;
  // 1,000 distinct bytes: a range read that is off by one shows.
  const media = Uint8Array.from({ length: 1000 }, (_, index) => (index * 7) % 256);

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const email = `edit${++counter}@example.com`;
    const client = await verifiedClient(web, email);
    return { client, userId: await userIdOf(web.database.db, email) };
  }
  const readNote = async (client: TestClient, id: string) =>
    (await (await client.api("GET", `/notes/${id}`)).json()) as { note: { data: { title: string } }; transcript: Segment[] };

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-note-edit-"));
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100", DATA_DIR: dataDir, EMBEDDED_WORKER: "false" });
    storage = createDiskStorage(path.join(dataDir, "files"));
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("streams the owner's media whole or by range, with the upload's type", async () => {
    const { client, userId } = await signedIn();
    const id = await seedNote(web.database.db, storage, userId, { media });
    const playback = await (await client.api("GET", `/notes/${id}/playback`)).json();
    expect(playback).toEqual({ media: { kind: "audio", url: `/api/notes/${id}/media` }, youtubeVideoId: null });

    const whole = await client.api("GET", `/notes/${id}/media`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(media);

    const middle = await client.api("GET", `/notes/${id}/media`, undefined, { Range: "bytes=100-199" });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(middle.headers.get("content-length")).toBe("100");
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(media.subarray(100, 200));

    const open = await client.api("GET", `/notes/${id}/media`, undefined, { Range: "bytes=990-" });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(media.subarray(990));
    const suffix = await client.api("GET", `/notes/${id}/media`, undefined, { Range: "bytes=-4" });
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(media.subarray(996));

    const beyond = await client.api("GET", `/notes/${id}/media`, undefined, { Range: "bytes=1000-1100" });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */1000");
  });

  it("plays videos in a video element and gives text and YouTube notes no media", async () => {
    const { client, userId } = await signedIn();
    const video = await seedNote(web.database.db, storage, userId, {
      media,
      source: { kind: "upload", fileName: "talk.mp4", mimeType: null, sizeBytes: media.length },
    });
    expect((await (await client.api("GET", `/notes/${video}/playback`)).json()).media.kind).toBe("video");
    expect((await client.api("GET", `/notes/${video}/media`)).headers.get("content-type")).toBe("video/mp4");

    const text = await seedNote(web.database.db, storage, userId, { type: "text", source: { kind: "text" } });
    expect(await (await client.api("GET", `/notes/${text}/playback`)).json()).toEqual({ media: null, youtubeVideoId: null });
    expect((await client.api("GET", `/notes/${text}/media`)).status).toBe(404);

    const youtube = await seedNote(web.database.db, storage, userId, {
      type: "youtube",
      source: { kind: "youtube", videoId: "jfkManualEn" },
    });
    expect(await (await client.api("GET", `/notes/${youtube}/playback`)).json()).toEqual({ media: null, youtubeVideoId: "jfkManualEn" });
  });

  it("renames the note within 1-200 characters", async () => {
    const { client, userId } = await signedIn();
    const id = await seedNote(web.database.db, storage, userId);
    const renamed = await client.api("PATCH", `/notes/${id}`, { title: "  Quarterly planning  " });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { note: { data: { title: string } } }).note.data.title).toBe("Quarterly planning");
    for (const title of ["   ", "x".repeat(201)]) {
      expect((await client.api("PATCH", `/notes/${id}`, { title })).status).toBe(400);
    }
    expect((await readNote(client, id)).note.data.title).toBe("Quarterly planning");
  });

  it("corrects a segment: word times stay when the word count does, go when it changes", async () => {
    const { client, userId } = await signedIn();
    const id = await seedNote(web.database.db, storage, userId);
    const same = await client.api("PATCH", `/notes/${id}/transcript/0`, { text: "Good morning, everybody" });
    expect(same.status).toBe(200);
    const kept = ((await same.json()) as { segment: Segment }).segment;
    expect(kept.text).toBe("Good morning, everybody");
    expect(kept.words).toEqual([
      { start: 0, end: 1, word: "Good" },
      { start: 1, end: 2.2, word: "morning," },
      { start: 2.2, end: 4, word: "everybody" },
    ]);
    const longer = await client.api("PATCH", `/notes/${id}/transcript/2`, { text: "Sarah owns the release checklist" });
    expect(((await longer.json()) as { segment: Segment }).segment.words).toBeNull();

    const labelled = await client.api("PATCH", `/notes/${id}/transcript/1`, { speaker: "Tom" });
    expect(((await labelled.json()) as { segment: Segment }).segment).toMatchObject({ speaker: "Tom", text: sampleSegments[1]?.text });
    const cleared = await client.api("PATCH", `/notes/${id}/transcript/1`, { speaker: null });
    expect(((await cleared.json()) as { segment: Segment }).segment.speaker).toBeNull();

    expect((await client.api("PATCH", `/notes/${id}/transcript/7`, { text: "nobody" })).status).toBe(404);
    for (const body of [{}, { text: "  " }, { speaker: "x".repeat(81) }, { text: "ok", words: [] }]) {
      expect((await client.api("PATCH", `/notes/${id}/transcript/0`, body)).status).toBe(400);
    }
    const { transcript } = await readNote(client, id);
    expect(transcript.map((segment) => segment.text)).toEqual([
      "Good morning, everybody",
      sampleSegments[1]?.text,
      "Sarah owns the release checklist",
    ]);
  });

  it("renames a speaker in every segment, names 1-80 characters", async () => {
    const { client, userId } = await signedIn();
    const id = await seedNote(web.database.db, storage, userId);
    const answer = await client.api("POST", `/notes/${id}/speakers/rename`, { from: "Speaker 1", to: "Ana Lima" });
    expect(await answer.json()).toEqual({ renamed: 2 });
    expect((await readNote(client, id)).transcript.map((segment) => segment.speaker)).toEqual(["Ana Lima", "Speaker 2", "Ana Lima"]);
    for (const to of ["", "   ", "x".repeat(81)]) {
      expect((await client.api("POST", `/notes/${id}/speakers/rename`, { from: "Speaker 2", to })).status).toBe(400);
    }
    expect(await (await client.api("POST", `/notes/${id}/speakers/rename`, { from: "Nobody", to: "Someone" })).json()).toEqual({
      renamed: 0,
    });
  });

  it("deletes the note with its files, transcript and rows, and leaves the user's other notes", async () => {
    const { client, userId } = await signedIn();
    const doomed = await seedNote(web.database.db, storage, userId, { media });
    const kept = await seedNote(web.database.db, storage, userId, { media });
    expect(await storage.stat(noteKeys.chunk(userId, doomed, 0))).not.toBeNull();

    expect((await client.api("DELETE", `/notes/${doomed}`)).status).toBe(204);
    expect(await storage.stat(noteKeys.original(userId, doomed))).toBeNull();
    expect(await storage.stat(noteKeys.chunk(userId, doomed, 0))).toBeNull();
    const rows = await web.database.db.select().from(transcriptSegments).where(eq(transcriptSegments.noteId, doomed));
    expect(rows).toEqual([]);
    expect((await client.api("GET", `/notes/${doomed}`)).status).toBe(404);
    expect((await client.api("DELETE", `/notes/${doomed}`)).status).toBe(404);

    expect(await storage.stat(noteKeys.original(userId, kept))).toEqual({ sizeBytes: media.length });
    expect((await client.api("GET", `/notes/${kept}`)).status).toBe(200);
  });

  it("answers 404 for another user's note on every route and changes nothing", async () => {
    const ana = await signedIn();
    const bob = await signedIn();
    const id = await seedNote(web.database.db, storage, ana.userId, { media, title: "Ana's meeting" });
    const attempts: [string, string, unknown?, Record<string, string>?][] = [
      ["GET", `/notes/${id}/playback`],
      ["GET", `/notes/${id}/media`],
      ["GET", `/notes/${id}/media`, undefined, { Range: "bytes=0-9" }],
      ["PATCH", `/notes/${id}`, { title: "Bob's now" }],
      ["PATCH", `/notes/${id}/transcript/0`, { text: "Bob was here" }],
      ["POST", `/notes/${id}/speakers/rename`, { from: "Speaker 1", to: "Bob" }],
      ["DELETE", `/notes/${id}`],
    ];
    for (const [method, route, body, headers] of attempts) {
      const answer = await bob.client.api(method, route, body, headers);
      expect(answer.status, `${method} ${route}`).toBe(404);
      expect(await answer.text()).not.toContain("Ana's meeting");
    }
    const { note, transcript } = await readNote(ana.client, id);
    expect(note.data.title).toBe("Ana's meeting");
    expect(transcript.map((segment) => [segment.text, segment.speaker])).toEqual(
      sampleSegments.map((segment) => [segment.text, segment.speaker]),
    );
    expect(await storage.stat(noteKeys.original(ana.userId, id))).toEqual({ sizeBytes: media.length });
  });

  it("needs a session", async () => {
    const anonymous = new TestClient(web.url);
    expect((await anonymous.api("GET", "/notes/00000000-0000-4000-8000-000000000000/media")).status).toBe(401);
    expect((await anonymous.api("DELETE", "/notes/00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });
});

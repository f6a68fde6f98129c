import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "~/infra/storage/disk-storage";
import type { Storage } from "~/infra/storage/storage";
import type { RunningWeb } from "~/server/start-web";
import { seedNote, userIdOf } from "../../../../test/support/seed-notes";
import { databaseKinds } from "../../../../test/support/test-databases";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";

// Merging speakers (issue 19): the diarizer may hear one person as two; the owner merges "Speaker 3" into
// "Speaker 1" with the rename call, naming a speaker the note already has. Over real HTTP on both databases;
// search follows the merged and renamed names.

const diarized = [
  { start: 0, end: 3, text: "Shall we look at the roadmap?", speaker: "Speaker 1", words: null },
  { start: 3, end: 6, text: "Yes, the mobile release first.", speaker: "Speaker 2", words: null },
  { start: 6, end: 9, text: "And the pricing page after that.", speaker: "Speaker 3", words: null },
  { start: 9, end: 12, text: "Agreed, pricing second.", speaker: "Speaker 2", words: null },
];

describe.each(databaseKinds)("speaker merge on %s", (kind) => {
  let web: RunningWeb;
  let storage: Storage;
  let counter = 0;

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const email = `merge-${kind}-${++counter}@example.com`;
    const client = await verifiedClient(web, email);
    return { client, userId: await userIdOf(web.database.db, email) };
  }
  const speakersOf = async (client: TestClient, id: string) =>
    ((await (await client.api("GET", `/notes/${id}`)).json()) as { transcript: { speaker: string | null }[] }).transcript.map(
      (segment) => segment.speaker,
    );
  const titlesFound = async (client: TestClient, q: string) =>
    ((await (await client.api("GET", `/notes?q=${encodeURIComponent(q)}`)).json()) as { items: { data: { title: string } }[] }).items.map(
      (item) => item.data.title,
    );

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "parley-speaker-merge-"));
    web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100", DATA_DIR: dataDir, EMBEDDED_WORKER: "false" });
    storage = createDiskStorage(path.join(dataDir, "files"));
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  it("merges one speaker into another by renaming to a name the note has, and search follows", async () => {
    const { client, userId } = await signedIn();
    const id = await seedNote(web.database.db, storage, userId, { title: "Roadmap review", segments: diarized });
    await seedNote(web.database.db, storage, userId, { title: "Other meeting" });

    const merged = await client.api("POST", `/notes/${id}/speakers/rename`, { from: "Speaker 3", to: "Speaker 1" });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toEqual({ renamed: 1 });
    expect(await speakersOf(client, id)).toEqual(["Speaker 1", "Speaker 2", "Speaker 1", "Speaker 2"]);

    // Renamed once for the whole note: both of the merged speaker's lines carry the new name.
    expect(await (await client.api("POST", `/notes/${id}/speakers/rename`, { from: "Speaker 1", to: "Joana Prado" })).json()).toEqual({
      renamed: 2,
    });
    expect(await speakersOf(client, id)).toEqual(["Joana Prado", "Speaker 2", "Joana Prado", "Speaker 2"]);
    expect(await titlesFound(client, "Joana")).toEqual(["Roadmap review"]);
    expect(await titlesFound(client, "prado")).toEqual(["Roadmap review"]);
    expect(await titlesFound(client, "Speaker 3")).toEqual([]);
  });

  it("leaves another user's note alone", async () => {
    const ana = await signedIn();
    const bob = await signedIn();
    const id = await seedNote(web.database.db, storage, ana.userId, { title: "Ana's", segments: diarized });
    expect((await bob.client.api("POST", `/notes/${id}/speakers/rename`, { from: "Speaker 3", to: "Speaker 1" })).status).toBe(404);
    expect(await speakersOf(ana.client, id)).toEqual(["Speaker 1", "Speaker 2", "Speaker 3", "Speaker 2"]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/infra/db/auth-schema";
import type { DatabaseHandle } from "~/infra/db/client";
import { createEmbeddingModel } from "~/infra/llm/embedding-model";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "../../../test/stand-ins/openai-chat/server";
import { databaseKinds, openTestDatabase } from "../../../test/support/test-databases";
import { createNote, replaceSegments } from "../notes/mutations";
import { findPassages, findPassagesByMeaning } from "./data";
import { indexNoteEmbeddings } from "./embeddings";
import { fusePassages } from "./retrieval";

// Passage retrieval on both databases: by words (full text, prefix terms) and by meaning (stored unit
// vectors, dot product in SQL), each scoped to its owner; and their fusion.
describe.each(databaseKinds)("ask-AI retrieval on %s", (kind) => {
  let database: DatabaseHandle;
  let standIn: OpenAiChatStandIn;
  let anaNote: string;

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn();
    database = (await openTestDatabase(kind)).handle;
    await database.migrate();
    const db = database.db;
    await db.insert(user).values([
      { id: "ana", name: "Ana", email: "ana@example.com" },
      { id: "bob", name: "Bob", email: "bob@example.com" },
    ]);
    const model = createEmbeddingModel({ baseUrl: standIn.url, model: "stand-in-embed", maxRetries: 0 });
    const said = [
      "Welcome to the weekly sync.",
      "The mobile release is on track for next Tuesday.",
      "Sarah owns the login screen.",
      "Thanks, see you.",
    ];
    for (const owner of ["ana", "bob"]) {
      const { id } = await createNote(db, { userId: owner, type: "text", title: `${owner}'s sync`, source: { kind: "text" } });
      await replaceSegments(db, {
        userId: owner,
        noteId: id,
        segments: said.map((text, index) => ({ start: index * 5, end: index * 5 + 4, text })),
      });
      expect(await indexNoteEmbeddings(db, model, { userId: owner, noteId: id })).toBe(true);
      if (owner === "ana") anaNote = id;
    }
  });
  afterAll(async () => {
    await database?.close();
    await standIn?.close();
  });

  it("finds by words with prefixes, widened by the neighbouring segments, the hit's own times kept", async () => {
    const passages = await findPassages(database.db, { userId: "ana", question: "Who is owning the login?" });
    expect(passages[0]).toMatchObject({ noteId: anaNote, position: 2, start: 10, end: 14 });
    expect(passages[0]?.text).toBe("The mobile release is on track for next Tuesday. Sarah owns the login screen. Thanks, see you.");
    expect(passages.every((passage) => passage.noteId === anaNote)).toBe(true);
  });

  it("finds by meaning what shares no word with the question, only in the owner's notes", async () => {
    const model = createEmbeddingModel({ baseUrl: standIn.url, model: "stand-in-embed", maxRetries: 0 });
    const [vector = []] = await model.embed(["When do we ship?"]);
    expect(await findPassages(database.db, { userId: "ana", question: "When do we ship?" })).toEqual([]);
    const passages = await findPassagesByMeaning(database.db, { userId: "ana", vector, model: model.id });
    expect(passages[0]).toMatchObject({ noteId: anaNote, position: 1 });
    expect(passages.every((passage) => passage.noteId === anaNote)).toBe(true);
    // Vectors of another model are never compared.
    expect(await findPassagesByMeaning(database.db, { userId: "ana", vector, model: "openai:other" })).toEqual([]);
  });

  it("fuses both lists: a passage in both comes first", () => {
    const at = (position: number) => ({ noteId: "n", noteTitle: "", position, start: 0, end: 0, text: "", rank: 0 });
    expect(
      fusePassages([
        [at(1), at(2)],
        [at(2), at(3)],
      ]).map((passage) => passage.position),
    ).toEqual([2, 1, 3]);
  });
});

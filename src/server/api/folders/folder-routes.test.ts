import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import type { FolderView } from "~/shared/folders/folders-api";
import type { NoteView } from "~/shared/notes/notes-api";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// Folders and the notes list's filters over real HTTP (needs `npm run build`): names are validated with
// translated errors, another user's folder or note is a 404, a deleted folder keeps its notes, and
// GET /api/notes searches and filters within the user's own notes.
describe("folders API", () => {
  let web: RunningWeb;
  let counter = 0;

  const signedIn = (language = "en") => verifiedClient(web, `folders${++counter}@example.com`, language);

  async function newFolder(client: TestClient, name: string): Promise<FolderView> {
    const response = await client.api("POST", "/folders", { name });
    expect(response.status).toBe(201);
    return ((await response.json()) as { folder: FolderView }).folder;
  }
  async function newNote(client: TestClient, title: string, text = `Text of ${title}.`): Promise<NoteView> {
    const response = await client.api("POST", "/notes/text", { title, text });
    expect(response.status).toBe(201);
    return ((await response.json()) as { note: NoteView }).note;
  }
  async function titles(client: TestClient, query: string): Promise<string[]> {
    const response = await client.api("GET", `/notes?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: NoteView[] }).items.map((note) => note.data.title).sort();
  }

  beforeAll(async () => {
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("creates, lists with note counts, renames and deletes a folder, keeping its notes", async () => {
    const client = await signedIn();
    const folder = await newFolder(client, "  Customer calls ");
    expect(folder).toMatchObject({ name: "Customer calls", noteCount: 0 });
    const note = await newNote(client, "Kick-off");
    const moved = await client.api("PUT", `/notes/${note.id}/folder`, { folderId: folder.id });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { note: NoteView }).note.data.folderId).toBe(folder.id);
    const listed = (await (await client.api("GET", "/folders")).json()) as { items: FolderView[]; nextCursor: null };
    expect(listed).toEqual({ items: [{ ...folder, noteCount: 1 }], nextCursor: null });

    const renamed = await client.api("PATCH", `/folders/${folder.id}`, { name: "Customers" });
    expect(((await renamed.json()) as { folder: FolderView }).folder).toMatchObject({ id: folder.id, name: "Customers", noteCount: 1 });
    expect(((await (await client.api("GET", `/folders/${folder.id}`)).json()) as { folder: FolderView }).folder.name).toBe("Customers");

    expect((await client.api("DELETE", `/folders/${folder.id}`)).status).toBe(204);
    expect((await client.api("GET", `/folders/${folder.id}`)).status).toBe(404);
    const kept = (await (await client.api("GET", `/notes/${note.id}`)).json()) as { note: NoteView };
    expect(kept.note.data).toMatchObject({ title: "Kick-off", folderId: null });

    const out = await client.api("PUT", `/notes/${note.id}/folder`, { folderId: null });
    expect(out.status).toBe(200);
  });

  it.each([
    ["an empty name", "   ", 400, "FOLDER_NAME_REQUIRED", "Ponle un nombre a la carpeta."],
    ["a 61-character name", "a".repeat(61), 400, "FOLDER_NAME_TOO_LONG", "El nombre de la carpeta puede tener hasta 60 caracteres."],
    ["a name with a line break", "one\ntwo", 400, "FOLDER_NAME_INVALID", expect.stringContaining("saltos de línea")],
    ["a taken name in another case", "PROYECTOS", 409, "FOLDER_NAME_TAKEN", "Ya tienes una carpeta con ese nombre."],
  ])("refuses %s with a translated error", async (_label, name, status, errorCode, message) => {
    const client = await signedIn("es");
    await newFolder(client, "Proyectos");
    const created = await client.api("POST", "/folders", { name });
    expect(created.status).toBe(status);
    expect(await created.json()).toMatchObject({ success: false, errorCode, message });
    // Renaming goes through the same rules.
    const other = await newFolder(client, "Otra");
    const renamed = await client.api("PATCH", `/folders/${other.id}`, { name });
    expect(renamed.status).toBe(status);
    expect(await renamed.json()).toMatchObject({ errorCode, message });
  });

  it("accepts a 60-character name and the same name for two different users", async () => {
    const ana = await signedIn();
    const bob = await signedIn();
    expect((await newFolder(ana, "b".repeat(60))).name).toHaveLength(60);
    await newFolder(ana, "Shared name");
    await newFolder(bob, "shared NAME");
  });

  it("answers 404 for another user's folder and note, whatever the call", async () => {
    const ana = await signedIn();
    const bob = await signedIn("es");
    const anasFolder = await newFolder(ana, "Private");
    const bobsFolder = await newFolder(bob, "Private");
    const anasNote = await newNote(ana, "Secret");
    const bobsNote = await newNote(bob, "Bob's");
    const notFound = async (response: Response, errorCode: string, message: string) => {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ errorCode, message });
    };
    await notFound(await bob.api("GET", `/folders/${anasFolder.id}`), "FOLDER_NOT_FOUND", "No se encontró esa carpeta.");
    await notFound(
      await bob.api("PATCH", `/folders/${anasFolder.id}`, { name: "Mine" }),
      "FOLDER_NOT_FOUND",
      "No se encontró esa carpeta.",
    );
    await notFound(await bob.api("DELETE", `/folders/${anasFolder.id}`), "FOLDER_NOT_FOUND", "No se encontró esa carpeta.");
    await notFound(
      await bob.api("PUT", `/notes/${anasNote.id}/folder`, { folderId: bobsFolder.id }),
      "NOTE_NOT_FOUND",
      "No se encontró esa nota.",
    );
    await notFound(
      await bob.api("PUT", `/notes/${bobsNote.id}/folder`, { folderId: anasFolder.id }),
      "FOLDER_NOT_FOUND",
      "No se encontró esa carpeta.",
    );
    expect(((await (await bob.api("GET", "/folders")).json()) as { items: FolderView[] }).items.map((f) => f.id)).toEqual([bobsFolder.id]);
    expect(await titles(bob, `folderId=${anasFolder.id}`)).toEqual([]);
    // Ana's folder and note are untouched.
    const still = (await (await ana.api("GET", `/folders/${anasFolder.id}`)).json()) as { folder: FolderView };
    expect(still.folder).toMatchObject({ name: "Private", noteCount: 0 });
  });

  it("searches and filters the notes list by text, type, folder and dates", async () => {
    const client = await signedIn();
    const other = await signedIn();
    const folder = await newFolder(client, "Budget");
    const planning = await newNote(client, "Planning", "We reviewed the marketing budget for spring.");
    await newNote(client, "Standup", "Yesterday I fixed the login page.");
    await newNote(other, "Planning", "The marketing budget of someone else.");
    await client.api("PUT", `/notes/${planning.id}/folder`, { folderId: folder.id });

    expect(await titles(client, "q=budg")).toEqual(["Planning"]);
    expect(await titles(client, `q=${encodeURIComponent("login page")}`)).toEqual(["Standup"]);
    expect(await titles(client, `folderId=${folder.id}`)).toEqual(["Planning"]);
    expect(await titles(client, "folderId=none")).toEqual(["Standup"]);
    expect(await titles(client, "type=text,meeting")).toEqual(["Planning", "Standup"]);
    expect(await titles(client, "type=meeting&type=youtube")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await titles(client, `from=${today}&to=${today}&q=login`)).toEqual(["Standup"]);
    expect(await titles(client, "to=2020-01-01")).toEqual([]);
    expect(await titles(client, `from=${encodeURIComponent("2020-01-01T00:00:00+02:00")}`)).toEqual(["Planning", "Standup"]);
    for (const bad of ["type=podcast", "folderId=inbox", "from=yesterday", `q=${"x".repeat(201)}`]) {
      expect((await client.api("GET", `/notes?${bad}`)).status, bad).toBe(400);
    }
  });

  it("answers 400 for a malformed id or body and 401 without a session", async () => {
    const client = await signedIn();
    expect((await client.api("PATCH", "/folders/not-a-uuid", { name: "x" })).status).toBe(400);
    expect((await client.api("POST", "/folders", { title: "x" })).status).toBe(400);
    expect((await client.api("PUT", `/notes/${crypto.randomUUID()}/folder`, { folderId: "inbox" })).status).toBe(400);
    expect((await client.api("PUT", `/notes/${crypto.randomUUID()}/folder`, { folderId: null })).status).toBe(404);
    const anonymous = new TestClient(web.url);
    expect((await anonymous.api("GET", "/folders")).status).toBe(401);
    expect((await anonymous.api("POST", "/folders", { name: "x" })).status).toBe(401);
  });
});

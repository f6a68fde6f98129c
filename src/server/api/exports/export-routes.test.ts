import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNote } from "~/core/notes/mutations";
import { user } from "~/infra/db/auth-schema";
import { notes, transcriptSegments } from "~/infra/db/notes-schema";
import { aiNotes } from "~/infra/db/workspace-schema";
import type { RunningWeb } from "~/server/start-web";
import type { AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import type { NoteView } from "~/shared/notes/notes-api";
import { parseSrt, parseVtt, readDocxHtml, readDocxText, readPdfPages } from "../../../../test/support/export-readers";
import { waitForNote } from "../../../../test/support/note-events";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";

// Exports over real HTTP: each format's type, attachment name and contents parsed back; labels in the
// reader's language; another user's note is not found in any format; bad input is a translated 400;
// a note without a transcript, subtitles of untimed text and notes-only without AI notes are 409s.
// The notes job (no language model: extractive) runs after each pasted text; the test waits for it, then
// writes the AI notes it wants over its result, so the files hold known content.

const transcriptText = [
  "Bom dia a todos, vamos começar a reunião de orçamento.",
  "A previsão é ótima: ação até sexta, senão não dá.",
  "El niño pidió una piñata y un café con azúcar.",
].join("\n\n");

const notesContent: AiNotesContent = {
  title: "Orçamento",
  summary: "A equipe revisou o orçamento de março.",
  keyPoints: ["A previsão está 5% acima"],
  decisions: ["Congelar contratações até junho"],
  actionItems: [{ text: "Enviar a planilha revisada", owner: "João", due: "sexta-feira" }],
  chapters: [{ title: "Previsão", start: 6, summary: "Números de março" }],
};

describe("note exports API", () => {
  let web: RunningWeb;
  let counter = 0;
  const signedIn = (language = "en") => verifiedClient(web, `export${++counter}@example.com`, language);
  const db = () => web.database.db;

  async function textNote(client: TestClient, title: string): Promise<string> {
    const response = await client.api("POST", "/notes/text", { title, text: transcriptText, language: "pt" });
    expect(response.status).toBe(201);
    const noteId = ((await response.json()) as { note: NoteView }).note.id;
    await waitForNote(client, noteId, (note) => note.data.notesStatus === "notes_ready" || note.data.notesStatus === "notes_failed");
    return noteId;
  }

  /** A transcribed recording: the pasted paragraphs get times and speakers, the note a duration, and AI notes. */
  async function recordedNote(client: TestClient, title: string, { isExtractive = false } = {}): Promise<string> {
    const noteId = await textNote(client, title);
    const speakers = ["Conceição", "João", null];
    for (const position of [0, 1, 2]) {
      await db()
        .update(transcriptSegments)
        .set({ startSeconds: position * 6, endSeconds: position * 6 + 5.5, speaker: speakers[position] ?? null })
        .where(and(eq(transcriptSegments.noteId, noteId), eq(transcriptSegments.position, position)));
    }
    await db()
      .update(notes)
      .set({ recordingDurationSeconds: 18, type: "recording", transcriptEngine: "whisper-cpp:ggml-base.bin" })
      .where(eq(notes.id, noteId));
    const engine = isExtractive ? "extractive" : "openai:gpt-4o-mini";
    const written = { template: "general_meeting" as const, language: "pt", content: notesContent, engine, isExtractive };
    await db()
      .insert(aiNotes)
      .values({ noteId, ...written })
      .onConflictDoUpdate({ target: aiNotes.noteId, set: written });
    return noteId;
  }

  async function userIdOf(email: string): Promise<string> {
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  const exportOf = (client: TestClient, noteId: string, query: string) => client.api("GET", `/notes/${noteId}/export?${query}`);
  const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

  // One transcribed meeting with AI notes, read by the tests that do not change it.
  let owner: TestClient;
  let meetingId: string;

  beforeAll(async () => {
    web = await startTestWeb("pglite", { AUTH_RATE_LIMIT_SCALE: "100", LLM_ENGINE: "none" });
    owner = await signedIn();
    meetingId = await recordedNote(owner, "Reunião de orçamento");
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  it.each([
    ["txt", "text/plain; charset=utf-8"],
    ["md", "text/markdown; charset=utf-8"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["pdf", "application/pdf"],
    ["srt", "application/x-subrip; charset=utf-8"],
    ["vtt", "text/vtt; charset=utf-8"],
  ])("answers %s as an attachment of type %s named after the title", async (format, type) => {
    const response = await exportOf(owner, meetingId, `format=${format}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(type);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="reuniao-de-orcamento.${format}"; filename*=UTF-8''reuni%C3%A3o-de-or%C3%A7amento.${format}`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("writes every format's contents so they parse back with accents, speakers and times", async () => {
    const [client, noteId] = [owner, meetingId];
    const txt = await (await exportOf(client, noteId, "format=txt")).text();
    expect(txt).toContain("Reunião de orçamento\n====================");
    // Issue 19: which engine and model wrote the transcript and the notes.
    expect(txt).toContain("\nTranscribed by whisper.cpp · base · Notes by gpt-4o-mini\n");
    expect(txt).toContain("- [ ] Enviar a planilha revisada — Owner: João · Due: sexta-feira");
    expect(txt).toContain("[00:06] João: A previsão é ótima: ação até sexta, senão não dá.");
    const md = await (await exportOf(client, noteId, "format=md")).text();
    expect(md).toContain("## Action items\n\n- [ ] Enviar a planilha revisada — Owner: João · Due: sexta-feira");
    expect(md).toContain("[00:00] **Conceição:** Bom dia a todos");
    const docx = await bytesOf(await exportOf(client, noteId, "format=docx"));
    expect(await readDocxText(docx)).toContain("[00:12] El niño pidió una piñata y un café con azúcar.");
    expect(await readDocxHtml(docx)).toContain("<h1>Key points</h1><ul><li>A previsão está 5% acima</li></ul>");
    const pdf = (await readPdfPages(await bytesOf(await exportOf(client, noteId, "format=pdf")))).join("\n");
    expect(pdf).toContain("Congelar contratações até junho");
    expect(pdf).toContain("[00:06] João: A previsão é ótima: ação até sexta, senão não dá.");
    const srt = parseSrt(await (await exportOf(client, noteId, "format=srt")).text(), ["Conceição", "João"]);
    expect(srt.map((cue) => [cue.startMs, cue.endMs, cue.speaker])).toEqual([
      [0, 5500, "Conceição"],
      [6000, 11_500, "João"],
      [12_000, 17_500, null],
    ]);
    const vtt = parseVtt(await (await exportOf(client, noteId, "format=vtt")).text());
    expect(vtt.map((cue) => [cue.startMs, cue.speaker, cue.lines.join(" ")])).toEqual([
      [0, "Conceição", "Bom dia a todos, vamos começar a reunião de orçamento."],
      [6000, "João", "A previsão é ótima: ação até sexta, senão não dá."],
      [12_000, null, "El niño pidió una piñata y un café con azúcar."],
    ]);
  });

  it("keeps to the chosen content, and subtitles ignore it", async () => {
    const [client, noteId] = [owner, meetingId];
    const notesOnly = await (await exportOf(client, noteId, "format=txt&content=notes")).text();
    expect(notesOnly).toContain("Summary");
    expect(notesOnly).not.toContain("Transcript");
    const transcriptOnly = await (await exportOf(client, noteId, "format=md&content=transcript")).text();
    expect(transcriptOnly).not.toContain("Summary");
    expect(transcriptOnly).toContain("## Transcript");
    const srt = await exportOf(client, noteId, "format=srt&content=notes");
    expect(srt.status).toBe(200);
    expect(parseSrt(await srt.text())).toHaveLength(3);
  });

  it("writes the labels in the reader's language (Accept-Language, or lang= from the page) and time zone", async () => {
    const client = await signedIn("es");
    const noteId = await recordedNote(client, "Idiomas", { isExtractive: true });
    await db()
      .update(notes)
      .set({ createdAt: new Date("2026-03-03T01:30:00Z") })
      .where(eq(notes.id, noteId));
    const es = await (await exportOf(client, noteId, "format=md&tz=America%2FSao_Paulo")).text();
    expect(es).toContain("_Creada el 2 de marzo de 2026 a las 22:30 · Duración: 18 s · Idioma: portugués_");
    expect(es).toContain("> Fragmentos destacados extraídos (sin modelo de IA)");
    expect(es).toContain("## Tareas\n\n- [ ] Enviar a planilha revisada — Responsable: João · Fecha límite: sexta-feira");
    const pt = await (await exportOf(client, noteId, "format=txt&lang=pt")).text();
    expect(pt).toContain("Criada em 3 de março de 2026 às 01:30 · Duração: 18 s · Idioma: português");
    expect(pt).toContain("[Trechos destacados extraídos (sem modelo de IA)]");
    expect(pt).toContain("Itens de ação\n-------------");
  });

  it("finds no note of another user in any format, and none that does not exist", async () => {
    const [ana, noteId] = [owner, meetingId];
    const bob = await signedIn();
    for (const format of ["txt", "md", "docx", "pdf", "srt", "vtt"]) {
      const response = await exportOf(bob, noteId, `format=${format}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ errorCode: "NOT_FOUND" });
    }
    expect((await exportOf(ana, "0d3c2a9e-3f0b-4b8e-9a51-6a2f7d1c0b11", "format=txt")).status).toBe(404);
    expect((await exportOf(ana, noteId, "format=txt")).status).toBe(200);
  });

  it.each([
    ["an unknown format", "format=xlsx"],
    ["no format", "content=all"],
    ["an unknown content", "format=txt&content=everything"],
    ["an unknown language", "format=txt&lang=fr"],
    ["an unknown time zone", "format=pdf&tz=Mars%2FOlympus"],
  ])("refuses %s with a translated 400", async (_name, query) => {
    const response = await owner.api("GET", `/notes/${meetingId}/export?${query}`, undefined, { "Accept-Language": "es" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: "VALIDATION_FAILED",
      message: "Parte de la información enviada no es válida.",
    });
  });

  it("answers 409 while there is no transcript, in the reader's language", async () => {
    const email = `export${++counter}@example.com`;
    const client = await verifiedClient(web, email, "pt");
    const { id } = await createNote(db(), {
      userId: await userIdOf(email),
      type: "file",
      title: "Ainda a transcrever",
      source: { kind: "upload", fileName: "a.mp3", mimeType: "audio/mpeg", sizeBytes: 10 },
      transcriptionCode: "transcription_in_progress",
    });
    const response = await exportOf(client, id, "format=pdf");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      errorCode: "EXPORT_NO_TRANSCRIPT",
      message: "Ainda não há nada para exportar: a transcrição não está pronta.",
    });
  });

  it("exports pasted text without times, but not as subtitles; notes-only needs AI notes", async () => {
    const client = await signedIn();
    const noteId = await textNote(client, "Pasted");
    await db().delete(aiNotes).where(eq(aiNotes.noteId, noteId));
    const txt = await (await exportOf(client, noteId, "format=txt")).text();
    expect(txt).toContain("Transcript\n----------\n\nBom dia a todos, vamos começar a reunião de orçamento.\nA previsão é ótima");
    expect(txt).not.toMatch(/\[\d\d:\d\d\]/);
    for (const format of ["srt", "vtt"]) {
      const response = await exportOf(client, noteId, `format=${format}`);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ errorCode: "EXPORT_NO_TIMELINE" });
    }
    const notesOnly = await exportOf(client, noteId, "format=docx&content=notes");
    expect(notesOnly.status).toBe(409);
    expect(await notesOnly.json()).toMatchObject({ errorCode: "NO_AI_NOTES" });
  });

  it("exports a transcript where nothing was said as valid empty subtitles", async () => {
    const client = await signedIn();
    const noteId = await recordedNote(client, "Silence");
    await db().delete(transcriptSegments).where(eq(transcriptSegments.noteId, noteId));
    expect(await (await exportOf(client, noteId, "format=srt")).text()).toBe("");
    expect(await (await exportOf(client, noteId, "format=vtt")).text()).toBe("WEBVTT\n");
  });

  it("is described in the OpenAPI document with each file type", async () => {
    const document = (await (await owner.api("GET", "/openapi.json")).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const responses = document.paths["/notes/{id}/export"]?.get?.responses ?? {};
    expect(Object.keys(responses["200"]?.content ?? {})).toHaveLength(6);
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404", "409"]));
  });

  it("says a meeting's automatic title in the reader's language, old long titles shortened", async () => {
    const email = `export${++counter}@example.com`;
    const client = await verifiedClient(web, email, "es");
    const noteId = await recordedNote(client, "x");
    const teams = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_ABCdef123%40thread.v2/0?context=%7b%7d";
    await db()
      .update(notes)
      .set({ title: "Microsoft Teams meeting 19:meeting_ABCdef123@thread.v2", source: { kind: "meeting", url: teams } })
      .where(eq(notes.id, noteId));
    const response = await exportOf(client, noteId, "format=txt&lang=es");
    expect(response.status).toBe(200);
    expect((await response.text()).split("\n")[0]).toBe("Reunión de Microsoft Teams");
    expect(response.headers.get("content-disposition")).toContain("reunion-de-microsoft-teams");
  });

  it("answers 401 without a session", async () => {
    expect((await exportOf(new TestClient(web.url), meetingId, "format=txt")).status).toBe(401);
  });
});

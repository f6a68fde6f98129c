import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { databaseKinds } from "../../../../test/support/test-databases";
import { type TestClient, verifiedClient } from "../../../../test/support/test-web";
import { createUpload, uploadFile } from "../../../../test/support/tus";
import { startUploadTestWeb, type UploadTestWeb } from "../../../../test/support/upload-test-web";

// Language honesty (issue 19) over real HTTP: on an English-only engine (Whisper tiny.en behind the
// OpenAI-compatible engine; nothing here reaches it) media in a language it cannot transcribe is refused
// with a translated 400 before anything is stored or counted, whether it comes as an upload, a browser
// recording, a YouTube link or a meeting bot; "auto" there means English and the note says "en".
describe.each(databaseKinds)("spoken languages the engine cannot transcribe, on %s", (kind) => {
  let web: RunningWeb;
  let dataDir: string;
  let counter = 0;
  const signedIn = (language = "en") => verifiedClient(web, `lang-${kind}-${++counter}@example.com`, language);

  async function expectNothingKept(client: TestClient) {
    const notes = (await (await client.api("GET", "/notes")).json()) as { items: unknown[] };
    expect(notes.items).toEqual([]);
    const usage = (await (await client.api("GET", "/user/usage")).json()) as {
      usage: { transcriptionMinutes: number; uploadCount: number };
    };
    expect(usage.usage).toEqual({ transcriptionMinutes: 0, uploadCount: 0 });
  }

  let uploadWeb: UploadTestWeb | undefined;
  beforeAll(async () => {
    // The engine is never called: every request here is answered before a transcription could start.
    uploadWeb = await startUploadTestWeb(kind, "language");
    ({ web, dataDir } = uploadWeb);
  }, 120_000);
  afterAll(async () => {
    await uploadWeb?.stop();
  });

  it("refuses a Spanish upload at creation, in the reader's language, with nothing stored or counted", async () => {
    const client = await signedIn("es");
    const response = await createUpload(client, {
      size: 1000,
      metadata: { kind: "file", filename: "reunion.mp3", filetype: "audio/mpeg", language: "es" },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.json()).toMatchObject({
      errorCode: "TRANSCRIPTION_LANGUAGE_UNSUPPORTED",
      language: "es",
      supportedLanguages: "en",
      message: "Este servidor no puede transcribir español: solo transcribe inglés. No se ha guardado ni contado nada.",
    });
    const uploads = path.join(dataDir, "uploads");
    expect(readdirSync(uploads, { withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
    await expectNothingKept(client);
  });

  it("refuses a browser recording in Portuguese the same way", async () => {
    const client = await signedIn();
    const response = await createUpload(client, {
      size: 1000,
      metadata: { kind: "recording", filename: "recording.webm", filetype: "audio/webm", language: "pt" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: "TRANSCRIPTION_LANGUAGE_UNSUPPORTED",
      message: "This server cannot transcribe Portuguese: it transcribes English only. Nothing was saved or counted.",
    });
    await expectNothingKept(client);
  });

  it("refuses a YouTube link and a meeting bot in Spanish before making a note", async () => {
    const client = await signedIn();
    const youtube = await client.api("POST", "/notes/youtube", { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", language: "es" });
    expect(youtube.status).toBe(400);
    expect(await youtube.json()).toMatchObject({ errorCode: "TRANSCRIPTION_LANGUAGE_UNSUPPORTED", language: "es" });
    const bot = await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/abc-defg-hij", language: "es" });
    expect(bot.status).toBe(400);
    expect(await bot.json()).toMatchObject({ errorCode: "TRANSCRIPTION_LANGUAGE_UNSUPPORTED", language: "es" });
    await expectNothingKept(client);
  });

  it("stores auto on the English-only engine as English, and takes English as asked", async () => {
    const client = await signedIn();
    const bytes = new TextEncoder().encode("not really audio");
    const auto = await uploadFile(client, bytes, { kind: "file", filename: "meeting.mp3", filetype: "audio/mpeg" });
    const chosen = await uploadFile(client, bytes, { kind: "file", filename: "talk.mp3", filetype: "audio/mpeg", language: "en" });
    for (const noteId of [auto, chosen]) {
      const body = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { note: { data: { language: string | null } } };
      expect(body.note.data.language).toBe("en");
    }
  });
});

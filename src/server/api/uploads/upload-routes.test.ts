import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordErrorRate } from "~/infra/speech/word-error-rate";
import type { RunningWeb } from "~/server/start-web";
import { bytesOf, clipPath, makeMedia, speechDir } from "../../../../test/support/media-fixtures";
import { isFinal, waitForNote } from "../../../../test/support/note-events";
import { startTestWeb, TestClient, verifiedClient } from "../../../../test/support/test-web";
import { createUpload, headUpload, patchUpload, uploadFile, uploadPath } from "../../../../test/support/tus";
import { startWhisperServer, type WhisperServer } from "../../../../test/support/whisper-server";

// Media to transcript over real HTTP: tus uploads (resumed half-way), the pg-boss job in the web process,
// real Whisper (tiny.en) through the OpenAI-compatible engine, live status over server-sent events, usage,
// and every bad input ending in its own final status instead of a crash or a stuck job.
describe("media uploads and transcription", () => {
  let web: RunningWeb;
  let whisper: WhisperServer;
  let media: ReturnType<typeof makeMedia>;
  let dataDir: string;
  let counter = 0;

  const signedIn = (language = "en") => verifiedClient(web, `media${++counter}@example.com`, language);

  async function transcriptText(client: TestClient, noteId: string): Promise<string> {
    const body = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { transcript: { text: string }[] };
    return body.transcript.map((segment) => segment.text).join(" ");
  }

  beforeAll(async () => {
    media = makeMedia();
    whisper = await startWhisperServer();
    dataDir = mkdtempSync(path.join(tmpdir(), "parley-media-data-"));
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: dataDir,
      SPEECH_ENGINE: "openai",
      OPENAI_AUDIO_BASE_URL: whisper.url,
      OPENAI_AUDIO_MODEL: "tiny.en",
      UPLOAD_MAX_BYTES: String(5 * 1024 * 1024),
      DOCUMENT_MAX_BYTES: String(64 * 1024),
    });
  }, 300_000);
  afterAll(async () => {
    await web?.stop();
    await whisper?.stop();
  });

  it("resumes a half-sent upload and transcribes c6.wav with live status, duration and usage", async () => {
    const client = await signedIn();
    const bytes = bytesOf(clipPath("c6"));
    const created = await createUpload(client, {
      size: bytes.length,
      metadata: { kind: "file", filename: "c6.wav", filetype: "audio/wav" },
    });
    expect(created.status).toBe(201);
    const location = uploadPath(created);
    const half = Math.floor(bytes.length / 2);
    expect((await patchUpload(client, location, { offset: 0, bytes: bytes.subarray(0, half) })).status).toBe(204);
    // A reload: the browser asks how far the server got and sends the rest from there.
    const head = await headUpload(client, location);
    expect(head.headers.get("Upload-Offset")).toBe(String(half));
    const finished = await patchUpload(client, location, { offset: half, bytes: bytes.subarray(half) });
    expect(finished.status).toBe(204);
    const noteId = finished.headers.get("Parley-Note-Id") ?? "";
    const note = await waitForNote(client, noteId, isFinal);
    expect(note.data).toMatchObject({ type: "file", title: "c6", transcriptionCode: "transcription_ready", active: true });
    expect(note.data.recordingDuration).toBeCloseTo(11, 0);
    const reference = readFileSync(path.join(speechDir, "c6.txt"), "utf8");
    expect(wordErrorRate(reference, await transcriptText(client, noteId))).toBeLessThanOrEqual(0.1);
    const usage = (await (await client.api("GET", "/user/usage")).json()) as {
      usage: { transcriptionMinutes: number; uploadCount: number };
    };
    expect(usage.usage).toEqual({ transcriptionMinutes: 1, uploadCount: 1 });
  }, 120_000);

  it("transcribes the sound of a video", async () => {
    const client = await signedIn();
    const noteId = await uploadFile(client, bytesOf(media.videoWithSpeech), { kind: "file", filename: "talk.mp4", filetype: "video/mp4" });
    const note = await waitForNote(client, noteId, isFinal);
    expect(note.data.transcriptionCode).toBe("transcription_ready");
    expect(await transcriptText(client, noteId)).toMatch(/ask not what your country can do for you/i);
  }, 120_000);

  it.each([
    ["an empty file", () => new Uint8Array(0), "talk.mp3", "transcription_failed", "media_empty"],
    [
      "text named .mp3",
      () => new TextEncoder().encode("these are not the bytes of an mp3 file\n".repeat(50)),
      "song.mp3",
      "transcription_failed",
      "media_not_media",
    ],
    ["a truncated video", () => bytesOf(media.videoWithSpeech).subarray(0, 4000), "cut.mp4", "transcription_failed", "media_corrupt"],
    ["a video without sound", () => bytesOf(media.videoWithoutSound), "mute.mp4", "transcription_no_speech_detected", "media_no_audio"],
    ["five seconds of silence", () => bytesOf(media.silence), "quiet.wav", "transcription_no_speech_detected", "no_speech"],
  ])(
    "ends %s with its own status, never a stuck job",
    async (_name, bytes, filename, code, reason) => {
      const client = await signedIn();
      const noteId = await uploadFile(client, bytes(), { kind: "file", filename });
      const note = await waitForNote(client, noteId, isFinal);
      expect(note.data).toMatchObject({ transcriptionCode: code, transcriptionError: reason });
    },
    120_000,
  );

  it("offers only the languages its English-only engine transcribes (issue 17)", async () => {
    const client = await signedIn();
    const answer = await client.api("GET", "/transcription/languages");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ languages: ["en"], canDetect: false });
    expect((await new TestClient(web.url).api("GET", "/transcription/languages")).status).toBe(401);
  });

  it("refuses a language the engine cannot do before the upload starts, using no upload (issue 19)", async () => {
    const client = await signedIn();
    const refused = await createUpload(client, { size: 1000, metadata: { kind: "file", filename: "c6.wav", language: "es" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errorCode: "TRANSCRIPTION_LANGUAGE_UNSUPPORTED",
      language: "es",
      supportedLanguages: "en",
    });
    // Nothing was stored or counted: the free uploads are untouched.
    const usage = (await (await client.api("GET", "/user/usage")).json()) as { usage: { uploadCount: number } };
    expect(usage.usage.uploadCount).toBe(0);
  });

  it("refuses oversized files and unknown documents before storing anything, in the user's language", async () => {
    const client = await signedIn("es");
    const tooBig = await createUpload(client, { size: 6 * 1024 * 1024, metadata: { kind: "file", filename: "long.wav" } });
    expect(tooBig.status).toBe(413);
    const spreadsheet = await createUpload(client, { size: 100, metadata: { kind: "document", filename: "budget.xlsx" } });
    expect(spreadsheet.status).toBe(415);
    expect(((await spreadsheet.json()) as { message: string }).message).toMatch(/Los documentos pueden ser PDF/);
    const bigDocument = await createUpload(client, { size: 65 * 1024, metadata: { kind: "document", filename: "book.pdf" } });
    expect(bigDocument.status).toBe(413);
    const noKind = await createUpload(client, { size: 100, metadata: { filename: "x.wav" } });
    expect(noKind.status).toBe(400);
    // Issue 21: a NUL in the title or file name reached PostgreSQL and answered 500.
    const nulTitle = await createUpload(client, { size: 100, metadata: { kind: "file", filename: "x.wav", title: "a\u0000b" } });
    expect(nulTitle.status).toBe(400);
    expect(((await (await client.api("GET", "/notes")).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("answers a database failure at the finish with the API's error body, not SQL, and keeps the bytes (issue 21)", async () => {
    const client = await signedIn("es");
    // A real failure of the note's insert, for this title only.
    await web.database.db.execute(sql`create or replace function refuse_explode() returns trigger language plpgsql as
      $$ begin if new.title = 'explode' then raise exception 'insert refused for the test'; end if; return new; end $$`);
    await web.database.db.execute(sql`create trigger refuse_explode before insert on notes for each row execute function refuse_explode()`);
    try {
      const bytes = bytesOf(clipPath("c6"));
      const created = await createUpload(client, { size: bytes.length, metadata: { kind: "file", filename: "c6.wav", title: "explode" } });
      expect(created.status).toBe(201);
      const finished = await patchUpload(client, uploadPath(created), { offset: 0, bytes });
      expect(finished.status).toBe(500);
      const text = await finished.text();
      expect(text).not.toMatch(/insert|refused for the test|params/i);
      expect(JSON.parse(text)).toMatchObject({ success: false, errorCode: "INTERNAL_ERROR", message: expect.stringMatching(/.+/) });
      const uploadId = uploadPath(created).split("/").pop() as string;
      expect(readFileSync(path.join(dataDir, "uploads", uploadId)).length).toBe(bytes.length);
      expect(((await (await client.api("GET", "/notes")).json()) as { items: unknown[] }).items).toEqual([]);
    } finally {
      await web.database.db.execute(sql`drop trigger refuse_explode on notes`);
    }
  });

  it("keeps uploads private: another user's upload reads as missing", async () => {
    const ana = await signedIn();
    const bob = await signedIn();
    const created = await createUpload(ana, { size: 10, metadata: { kind: "file", filename: "a.wav" } });
    const location = uploadPath(created);
    expect((await headUpload(bob, location)).status).toBe(404);
    expect((await patchUpload(bob, location, { offset: 0, bytes: new Uint8Array(10) })).status).toBe(404);
    expect((await headUpload(ana, location)).status).toBe(200);
    const anonymous = new TestClient(web.url);
    expect((await anonymous.request("HEAD", `/api${location}`, undefined, { "Tus-Resumable": "1.0.0" })).status).toBe(401);
  });

  it("retries a failed transcription, and only a failed one", async () => {
    const client = await signedIn();
    const noteId = await uploadFile(client, new Uint8Array(0), { kind: "file", filename: "empty.wav" });
    await waitForNote(client, noteId, isFinal);
    const retried = await client.api("POST", `/notes/${noteId}/retry`);
    expect(retried.status).toBe(202);
    const again = await waitForNote(client, noteId, isFinal);
    expect(again.data.transcriptionCode).toBe("transcription_failed");
    const text = (await (await client.api("POST", "/notes/text", { text: "hello" })).json()) as { note: { id: string } };
    expect((await client.api("POST", `/notes/${text.note.id}/retry`)).status).toBe(409);
  }, 120_000);

  it("deletes a user's files with the account", async () => {
    const client = await signedIn();
    const noteId = await uploadFile(client, bytesOf(clipPath("c2")), { kind: "file", filename: "c2.wav" });
    await waitForNote(client, noteId, isFinal);
    const { payload } = (await (await client.api("GET", "/user")).json()) as { payload: { userId: string } };
    const userId = payload.userId;
    const userFiles = path.join(dataDir, "files", "users", userId);
    expect(existsSync(path.join(userFiles, "notes", noteId, "original"))).toBe(true);
    expect((await client.api("DELETE", "/user")).status).toBe(200);
    expect(existsSync(userFiles)).toBe(false);
  }, 120_000);
});

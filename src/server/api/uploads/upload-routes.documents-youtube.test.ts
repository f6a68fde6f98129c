import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordErrorRate } from "~/infra/speech/word-error-rate";
import type { RunningWeb } from "~/server/start-web";
import { startYoutubeStandIn, type YoutubeStandIn } from "../../../../test/stand-ins/youtube/server";
import { youtubeStandInVideos } from "../../../../test/stand-ins/youtube/videos";
import { speechDir } from "../../../../test/support/media-fixtures";
import { isFinal, waitForNote } from "../../../../test/support/note-events";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";
import { uploadFile } from "../../../../test/support/tus";
import { startWhisperServer, type WhisperServer } from "../../../../test/support/whisper-server";

// Documents and YouTube links to transcript over real HTTP: tus uploads of the document fixtures, the
// YouTube stand-in (InnerTube player, caption tracks, audio formats) reached through the link-safety
// check, real Whisper for a video without captions, and a final status for every bad input.
const documents = path.resolve("test", "fixtures", "documents");
const c6Reference = () => readFileSync(path.join(speechDir, "c6.txt"), "utf8");

describe("documents and YouTube links", () => {
  let web: RunningWeb;
  let whisper: WhisperServer;
  let youtube: YoutubeStandIn;
  let counter = 0;

  const signedIn = (language = "en") => verifiedClient(web, `docs${++counter}@example.com`, language);

  async function transcriptText(client: TestClient, noteId: string): Promise<string> {
    const body = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { transcript: { text: string }[] };
    return body.transcript.map((segment) => segment.text).join("\n");
  }

  async function addDocument(client: TestClient, name: string): Promise<string> {
    return uploadFile(client, readFileSync(path.join(documents, name)), { kind: "document", filename: name });
  }

  async function addVideo(client: TestClient, videoId: string): Promise<string> {
    const response = await client.api("POST", "/notes/youtube", { url: `https://www.youtube.com/watch?v=${videoId}` });
    expect(response.status).toBe(201);
    return ((await response.json()) as { note: { id: string } }).note.id;
  }

  beforeAll(async () => {
    whisper = await startWhisperServer();
    youtube = await startYoutubeStandIn({ port: 0 });
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-docs-data-")),
      SPEECH_ENGINE: "openai",
      OPENAI_AUDIO_BASE_URL: whisper.url,
      OPENAI_AUDIO_MODEL: "tiny.en",
      YOUTUBE_BASE_URL: youtube.url,
      NODE_ENV: "test",
      TEST_LINK_ALLOW_ADDRESSES: "127.0.0.1",
    });
  }, 300_000);
  afterAll(async () => {
    await web?.stop();
    await youtube?.close();
    await whisper?.stop();
  });

  it.each([
    ["two-pages.pdf", ["Alice opened the meeting at nine.", "Carol will draft the proposal.", "Próxima reunião: sexta-feira."]],
    ["meeting.docx", ["Reunião de equipe — ação", "Decidimos lançar a versão 2 em março."]],
    ["utf8-bom.txt", ["Café notes", "Last paragraph."]],
  ])("reads %s into a ready note, counted as an upload", async (name, lines) => {
    const client = await signedIn();
    const noteId = await addDocument(client, name);
    const note = await waitForNote(client, noteId, isFinal);
    expect(note.data).toMatchObject({ type: "document", transcriptionCode: "transcription_ready" });
    const text = await transcriptText(client, noteId);
    for (const line of lines) expect(text).toContain(line);
    const usage = (await (await client.api("GET", "/user/usage")).json()) as {
      usage: { uploadCount: number; transcriptionMinutes: number };
    };
    expect(usage.usage).toEqual({ uploadCount: 1, transcriptionMinutes: 0 });
  });

  it.each([
    ["encrypted.pdf", "document_encrypted"],
    ["image-only.pdf", "document_no_text"],
    ["truncated.pdf", "document_corrupt"],
    ["truncated.docx", "document_corrupt"],
    ["empty.txt", "document_empty"],
    ["blank.txt", "document_empty"],
  ])("ends %s with its own failure reason, never a stuck job", async (name, reason) => {
    const client = await signedIn();
    const noteId = await addDocument(client, name);
    const note = await waitForNote(client, noteId, isFinal);
    expect(note.data).toMatchObject({ transcriptionCode: "transcription_failed", transcriptionError: reason });
  });

  it("takes a video's captions without the speech engine", async () => {
    const client = await signedIn();
    const noteId = await addVideo(client, youtubeStandInVideos.manualCaptions);
    const note = await waitForNote(client, noteId, isFinal);
    // Issue 19: the note says where its transcript came from.
    expect(note.data).toMatchObject({ type: "youtube", transcriptionCode: "transcription_ready", transcriptEngine: "youtube-captions" });
    expect(wordErrorRate(c6Reference(), (await transcriptText(client, noteId)).replace(/\n/g, " "))).toBeLessThanOrEqual(0.05);
    const usage = (await (await client.api("GET", "/user/usage")).json()) as {
      usage: { uploadCount: number; transcriptionMinutes: number };
    };
    expect(usage.usage).toEqual({ uploadCount: 0, transcriptionMinutes: 0 });
  });

  it("transcribes the audio of a video without captions, and meters its minutes", async () => {
    const client = await signedIn();
    const noteId = await addVideo(client, youtubeStandInVideos.audioOnly);
    const note = await waitForNote(client, noteId, isFinal, { timeoutMs: 120_000 });
    expect(note.data.transcriptionCode).toBe("transcription_ready");
    expect(note.data.transcriptEngine).toBe("openai-compatible:tiny.en");
    expect(wordErrorRate(c6Reference(), (await transcriptText(client, noteId)).replace(/\n/g, " "))).toBeLessThanOrEqual(0.1);
    const usage = (await (await client.api("GET", "/user/usage")).json()) as {
      usage: { uploadCount: number; transcriptionMinutes: number };
    };
    expect(usage.usage).toEqual({ uploadCount: 0, transcriptionMinutes: 1 });
  }, 120_000);

  it.each([
    ["an unknown id", "zzzzzzzzzzz", "youtube_not_found"],
    ["a private video", youtubeStandInVideos.private, "youtube_unavailable"],
    ["a live stream", youtubeStandInVideos.live, "youtube_live_not_supported"],
    ["a video with neither captions nor usable audio", youtubeStandInVideos.cipherOnly, "youtube_no_transcript_source"],
    ["a video over four hours", youtubeStandInVideos.tooLong, "youtube_too_long"],
  ])("ends %s with its own failure reason", async (_name, videoId, reason) => {
    const client = await signedIn();
    const noteId = await addVideo(client, videoId);
    const note = await waitForNote(client, noteId, isFinal);
    expect(note.data).toMatchObject({ transcriptionCode: "transcription_failed", transcriptionError: reason });
  });

  it("ends a video whose audio host cannot be reached within seconds, named after the video, with the reason (no retries)", async () => {
    const client = await signedIn();
    const started = Date.now();
    const noteId = await addVideo(client, youtubeStandInVideos.unreachableAudio);
    const note = await waitForNote(client, noteId, isFinal, { timeoutMs: 8_000 });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(note.data).toMatchObject({
      title: "Inaugural address (excerpt)",
      transcriptionCode: "transcription_failed",
      transcriptionError: "youtube_unreachable",
    });
  });

  it("never follows a video's audio to a private address", async () => {
    const client = await signedIn();
    const noteId = await addVideo(client, youtubeStandInVideos.privateRedirect);
    const note = await waitForNote(client, noteId, isFinal);
    expect(note.data.transcriptionCode).toBe("transcription_failed");
    expect(await transcriptText(client, noteId)).toBe("");
  });

  it("refuses a link that is not a YouTube video, in the user's language, creating nothing", async () => {
    const client = await signedIn("pt");
    for (const url of ["https://vimeo.com/123", "https://www.youtube.com.evil.test/watch?v=jfkManualEn", "not a link"]) {
      const response = await client.api("POST", "/notes/youtube", { url });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: "INVALID_YOUTUBE_LINK", message: expect.stringMatching(/YouTube/) });
    }
    const list = (await (await client.api("GET", "/notes")).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });
});

import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bytesOf, clipPath, joinClips } from "../../test/support/media-fixtures";
import { isFinal, waitForNote } from "../../test/support/note-events";
import { killRoles, spawnRole } from "../../test/support/spawn-role";
import { openTestDatabase } from "../../test/support/test-databases";
import { startTestWeb, verifiedClient } from "../../test/support/test-web";
import { uploadFile } from "../../test/support/tus";
import { startWhisperServer, type WhisperServer } from "../../test/support/whisper-server";
import { readWavInfo } from "../infra/media/wav-file";
import type { RunningWeb } from "../server/start-web";

// Issue 4: "a worker killed with SIGKILL mid-transcription leaves a note that still finishes". PostgreSQL,
// the web role without jobs, and `npm run worker` processes. A gate in front of real Whisper holds the
// second chunk's request open, so the first worker is killed exactly mid-job (no timing guesses); a
// second worker picks the job up after the missed heartbeats and continues from the saved first chunk.

interface TranscriptSegment {
  text: string;
  start: number;
  words: { start: number; end: number; word: string }[] | null;
}

interface Gate {
  url: string;
  /** Engine requests that reached Whisper. */
  forwarded: number;
  /** sha256 of the WAV each forwarded request carried, in order. */
  audio: string[];
  /** Resolves when a request is being held. */
  held: Promise<void>;
  open(): void;
  close(): Promise<void>;
}

/** The digest of the WAV file inside a multipart body (its RIFF size says where it ends). */
function wavDigest(body: Buffer): string {
  const start = body.indexOf("RIFF");
  if (start < 0) throw new Error("no WAV in the engine request");
  const end = start + 8 + body.readUInt32LE(start + 4);
  return createHash("sha256").update(body.subarray(start, end)).digest("hex");
}

function startGate(target: string, { holdRequestNumber }: { holdRequestNumber: number }): Promise<Gate> {
  let seen = 0;
  let isOpen = false;
  let onHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const gate = { forwarded: 0, audio: [] as string[] };
  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    gate.forwarded += 1;
    gate.audio.push(wavDigest(Buffer.concat(parts)));
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body: Buffer.concat(parts),
    });
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server: Server = createServer((request, response) => {
    seen += 1;
    if (!isOpen && seen === holdRequestNumber) {
      // Held until the worker that sent it dies; its socket closes with it.
      onHeld();
      return;
    }
    void forward(request, response);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        get forwarded() {
          return gate.forwarded;
        },
        audio: gate.audio,
        held,
        open: () => {
          isOpen = true;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe("a worker killed mid-transcription", () => {
  let whisper: WhisperServer;
  let web: RunningWeb;
  let databaseUrl: string;
  let dataDir: string;
  let longClip: string;

  beforeAll(async () => {
    whisper = await startWhisperServer();
    const database = await openTestDatabase("postgres");
    databaseUrl = database.url ?? "";
    dataDir = mkdtempSync(path.join(tmpdir(), "parley-crash-"));
    // Three read passages back to back (c1 7 s, c2 3 s, c6 11 s): 21 s of speech, chunks of at most 12 s.
    longClip = joinClips(["c1", "c2", "c6"], path.join(dataDir, "long.wav"));
    web = await startTestWeb("postgres", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: dataDir,
      EMBEDDED_WORKER: "false",
    });
    // startTestWeb opened its own database; the workers must share it.
    databaseUrl = web.database.kind === "postgres" ? web.database.url : databaseUrl;
    await database.handle.close();
  }, 300_000);
  afterAll(async () => {
    killRoles();
    await web?.stop();
    await whisper?.stop();
  });

  it("still finishes the note on another worker, reusing the chunk already transcribed", async () => {
    const gate = await startGate(whisper.url, { holdRequestNumber: 2 });
    const workerEnv = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SPEECH_ENGINE: "openai",
      OPENAI_AUDIO_BASE_URL: gate.url,
      OPENAI_AUDIO_MODEL: "tiny.en",
      TRANSCRIBE_CHUNK_SECONDS: "12",
      TRANSCRIPTION_HEARTBEAT_SECONDS: "10",
      QUEUE_MONITOR_SECONDS: "1",
      LOG_LEVEL: "info",
    };
    const first = spawnRole("src/worker/main.ts", workerEnv);
    await first.logged("worker ready");
    const client = await verifiedClient(web, "crash@example.com");
    const noteId = await uploadFile(client, bytesOf(longClip), { kind: "file", filename: "long.wav" });

    await gate.held;
    expect(gate.forwarded).toBe(1);
    first.child.kill("SIGKILL");
    await first.exited;
    gate.open();

    const second = spawnRole("src/worker/main.ts", workerEnv);
    await second.logged("worker ready");
    const note = await waitForNote(client, noteId, isFinal, { timeoutMs: 120_000 });
    expect(note.data.transcriptionCode).toBe("transcription_ready");
    const body = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { transcript: TranscriptSegment[] };
    const text = body.transcript.map((segment) => segment.text).join(" ");
    expect(text).toMatch(/ask not what your country can do for you/i);
    // Segments keep the long file's timeline, not each chunk's. A segment may span clips (the VAD hears
    // c1, c2 and the start of c6 as one region, cut inside it, and Whisper joins the end of c1 to c6's
    // "ask not" in one segment, issue 23), so the word times say where c6's words are: after c1 and c2.
    const c6Offset = (await readWavInfo(clipPath("c1"))).durationSeconds + (await readWavInfo(clipPath("c2"))).durationSeconds;
    const words = body.transcript.flatMap((segment) => segment.words ?? []);
    const ask = words.findIndex((word, index) => /^ask$/i.test(word.word) && /^not\b/i.test(words[index + 1]?.word ?? ""));
    expect(ask).toBeGreaterThanOrEqual(0);
    expect(words[ask]?.start).toBeGreaterThan(c6Offset);
    expect(words[ask]?.start).toBeLessThan(c6Offset + 6);
    // Every word lies in its segment (by its middle, as the engine assigns them), on one ordered timeline.
    for (const segment of body.transcript) {
      for (const word of segment.words ?? []) expect((word.start + word.end) / 2).toBeGreaterThanOrEqual(segment.start - 0.01);
    }
    const starts = body.transcript.map((segment) => segment.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Chunk 1 came from its checkpoint: the second worker never sent its audio again.
    expect(gate.forwarded).toBeGreaterThanOrEqual(2);
    expect(new Set(gate.audio).size).toBe(gate.audio.length);
    await gate.close();
  }, 240_000);
});

import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/infra/db/client";
import type { NoteView } from "../../src/shared/notes/notes-api";
import { type EngineGate, startEngineGate } from "../support/engine-gate";
import { bytesOf, clipPath } from "../support/media-fixtures";
import { type NoteStream, openNoteStream } from "../support/note-stream";
import { type ParleyProcesses, startParleyProcesses } from "../support/parley-processes";
import { type RoundRobinProxy, startRoundRobinProxy } from "../support/round-robin-proxy";
import { type RunningSeaweedFs, startSeaweedFs } from "../support/seaweedfs";
import { killRoles } from "../support/spawn-role";
import { openTestDatabase } from "../support/test-databases";
import { TestClient } from "../support/test-web";
import { uploadFile } from "../support/tus";
import { startWhisperServer, type WhisperServer } from "../support/whisper-server";

// Issue 21 "Several web processes and several workers against one PostgreSQL": 2 web processes (no
// embedded worker) and 2 workers, started together on a fresh database, behind a round-robin proxy with
// no sticky sessions. A browser's live stream stays open on web A while its requests alternate between A
// and B; real Whisper transcribes (through a gate that tells the workers apart), notes are the extractive
// floor (no language model). Files live in a real S3-compatible server (SeaweedFS), as a multi-machine
// deployment keeps them: no web process's disk holds an upload or a note's media. Then the worker that is mid-transcription is killed with SIGKILL: the other
// one takes the job over and the note finishes, once.

const password = "correct horse battery";

interface JobRow {
  state: string;
  retry_count: number;
}

describe("2 web + 2 worker processes behind a round-robin proxy", () => {
  let whisper: WhisperServer;
  let s3: RunningSeaweedFs;
  let gate: EngineGate;
  let database: { handle: DatabaseHandle; url?: string };
  let cluster: ParleyProcesses;
  let proxy: RoundRobinProxy;
  let client: TestClient;
  let streamOnA: NoteStream;

  /** The pg-boss rows of one note's jobs of one kind (a retry keeps its row; a second run would add one). */
  async function jobsOf(name: string, noteId: string): Promise<JobRow[]> {
    if (database.handle.kind !== "postgres") throw new Error("the cluster runs on PostgreSQL");
    const result = await database.handle.pool.query<JobRow>(
      "select state, retry_count from pgboss.job where name = $1 and data->>'noteId' = $2",
      [name, noteId],
    );
    return result.rows;
  }

  const isTranscribed = (note: NoteView) => note.data.transcriptionCode !== "transcription_in_progress";
  const hasNotes = (note: NoteView) => note.data.notesStatus === "notes_ready" || note.data.notesStatus === "notes_failed";

  beforeAll(async () => {
    const [startedWhisper, startedDatabase, startedS3] = await Promise.all([
      startWhisperServer(),
      openTestDatabase("postgres"),
      startSeaweedFs({ bucket: "parley-cluster" }),
    ]);
    whisper = startedWhisper;
    database = startedDatabase;
    s3 = startedS3;
    gate = await startEngineGate(whisper.url);
    cluster = await startParleyProcesses({
      databaseUrl: database.url ?? "",
      webs: 2,
      workers: 2,
      env: {
        ...s3.env,
        SPEECH_ENGINE: "openai",
        OPENAI_AUDIO_BASE_URL: gate.url,
        OPENAI_AUDIO_MODEL: "tiny.en",
        // A killed worker's job comes back within seconds: missed heartbeats for 10 s (pg-boss's least),
        // checked every second, retried after 1-2 s.
        QUEUE_MONITOR_SECONDS: "1",
        TRANSCRIPTION_HEARTBEAT_SECONDS: "10",
        TRANSCRIPTION_RETRY_DELAY_SECONDS: "1",
        // The proxy below is ours: the auth rate limits count the client it forwards, not the proxy.
        TRUSTED_PROXY_HOPS: "1",
      },
      workerEnv: (index) => ({ OPENAI_AUDIO_API_KEY: `worker-${index}` }),
    });
    proxy = await startRoundRobinProxy(cluster.webs.map((web) => web.url));
  }, 180_000);

  afterAll(async () => {
    streamOnA?.close();
    killRoles();
    if (cluster) await rm(cluster.dataDir, { recursive: true, force: true });
    await proxy?.close();
    await gate?.close();
    await whisper?.stop();
    await s3?.stop();
    await database?.handle.close();
  });

  it("signs a user in through the proxy, whichever process answers", async () => {
    client = new TestClient(proxy.url);
    const email = `fanout-${Date.now()}@example.com`;
    expect((await client.signUp(email, password)).status).toBe(200);
    // The verification mail went to the catcher inside whichever web process answered; the address is
    // marked verified directly, as following the mailed link would.
    await database.handle.db.execute(sql`update "user" set email_verified = true where email = ${email}`);
    expect((await client.signIn(email, password)).status).toBe(200);
    // The session and the anti-forgery token work on both processes: nothing about them is per process.
    for (let call = 0; call < 4; call++) expect((await client.api("GET", "/user")).status).toBe(200);
    expect(new Set(proxy.log.slice(-4).map((entry) => entry.backend))).toEqual(new Set([0, 1]));
  });

  it("uploads through both web processes; a worker's changes reach the stream held open on web A", async () => {
    const webA = cluster.webs[0]?.url ?? "";
    streamOnA = await openNoteStream(webA, client.cookieHeader());
    // A second page whose stream goes through the proxy (events must pass it unbuffered).
    const streamViaProxy = await openNoteStream(proxy.url, client.cookieHeader());
    const before = proxy.log.length;
    const noteId = await uploadFile(client, bytesOf(clipPath("c6")), { kind: "file", filename: "speech.wav" });
    // tus creation and the PATCH with the bytes went to different processes (one shared DATA_DIR).
    const uploads = proxy.log.slice(before).filter((entry) => entry.path.startsWith("/api/uploads"));
    expect(uploads.map((entry) => entry.method)).toEqual(["POST", "PATCH"]);
    expect(uploads[0]?.backend).not.toBe(uploads[1]?.backend);

    const transcribed = await streamOnA.waitFor(noteId, isTranscribed);
    expect(transcribed.data.transcriptionCode).toBe("transcription_ready");
    const withNotes = await streamOnA.waitFor(noteId, hasNotes);
    expect(withNotes.data.notesStatus).toBe("notes_ready");
    expect((await streamViaProxy.waitFor(noteId, hasNotes)).data.notesStatus).toBe("notes_ready");
    streamViaProxy.close();

    const note = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { transcript: { text: string }[] };
    const text = note.transcript.map((segment) => segment.text).join(" ");
    expect(text).toMatch(/ask not what your country can do for you/i);
    // Once: the text is there one time, not once per worker.
    expect(text.match(/ask not/gi)?.length).toBe(1);
    const { aiNotes } = (await (await client.api("GET", `/notes/${noteId}/ai-notes`)).json()) as {
      aiNotes: { engine: string; isExtractive: boolean } | null;
    };
    expect(aiNotes).toMatchObject({ engine: "extractive", isExtractive: true });
    // One run of each job, completed at the first attempt (pg-boss records the completion just after the
    // handler has written the note, so the rows are awaited).
    await expect.poll(() => jobsOf("transcription.run", noteId), { timeout: 20_000 }).toEqual([{ state: "completed", retry_count: 0 }]);
    await expect.poll(() => jobsOf("notes.generate", noteId), { timeout: 20_000 }).toEqual([{ state: "completed", retry_count: 0 }]);
    // One worker asked the engine; the web processes (EMBEDDED_WORKER=false) ran no job.
    expect([...new Set(gate.forwardedFrom)]).toEqual([expect.stringMatching(/^worker-[01]$/)]);
    // The bytes went to the bucket: nothing of the upload or the media stayed on the shared disk.
    const onDisk = async (folder: string) => {
      const entries = await readdir(path.join(cluster.dataDir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isFile()).length;
    };
    expect(await onDisk("files")).toBe(0);
    expect(await onDisk("uploads")).toBe(0);
    const media = await client.api("GET", `/notes/${noteId}/media`, undefined, { Range: "bytes=0-99" });
    expect(media.status).toBe(206);
  });

  it("finishes a note once when the worker transcribing it is killed: the other worker takes the job over", async () => {
    const webB = cluster.webs[1]?.url ?? "";
    // This time the browser's page is on web B.
    const streamOnB = await openNoteStream(webB, client.cookieHeader());
    try {
      const held = gate.holdNext();
      const forwardedBefore = gate.forwardedFrom.length;
      const noteId = await uploadFile(client, bytesOf(clipPath("c1")), { kind: "file", filename: "reading.wav" });
      // The worker is mid-transcription: its engine request is being held.
      const busyKey = await held;
      const busy = cluster.workers[Number(busyKey.replace("worker-", ""))];
      if (!busy) throw new Error(`no worker sent ${busyKey}`);
      busy.child.kill("SIGKILL");
      await busy.exited;

      const transcribed = await streamOnB.waitFor(noteId, isTranscribed, 90_000);
      expect(transcribed.data.transcriptionCode).toBe("transcription_ready");
      await streamOnB.waitFor(noteId, hasNotes);
      // The engine's answer came from the other worker.
      const after = gate.forwardedFrom.slice(forwardedBefore);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((key) => key !== busyKey)).toBe(true);
      // One job row: its first attempt died with the worker, the retry completed it. Nothing ran twice.
      await expect.poll(() => jobsOf("transcription.run", noteId), { timeout: 20_000 }).toEqual([{ state: "completed", retry_count: 1 }]);
      await expect.poll(() => jobsOf("notes.generate", noteId), { timeout: 20_000 }).toEqual([{ state: "completed", retry_count: 0 }]);
      const note = (await (await client.api("GET", `/notes/${noteId}`)).json()) as { transcript: { text: string }[] };
      const text = note.transcript.map((segment) => segment.text).join(" ");
      expect(text).toMatch(/dashwood/i);
      expect(text.match(/dashwood/gi)?.length).toBe(1);
    } finally {
      streamOnB.close();
    }
  }, 120_000);
});

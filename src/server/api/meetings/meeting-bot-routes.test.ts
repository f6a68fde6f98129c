import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBotToken } from "~/core/meetings/bot-token";
import type { RunningWeb } from "~/server/start-web";
import { userIdOf } from "../../../../test/support/seed-notes";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";

// The meeting bot's product side over real HTTP (needs `npm run build`), with no launcher in this web
// (EMBEDDED_WORKER=false): the test plays the bot through its signed callbacks. Sending refuses bad links,
// a second bot in the same meeting and more meetings than the plan allows; callbacks need the bot's own
// token; statuses land on the note once and in order; the recording parts become the note's media;
// cancel ends a bot that has not started and reaches a running one through its heartbeat.
const tokenSecret = "bot-token-secret-bot-token-secret-0123456";

interface Sent {
  noteId: string;
  botId: string;
}
interface NoteBody {
  note: {
    id: string;
    data: {
      type: string;
      title: string;
      meeting: { code: string; subcode: string | null } | null;
      active: boolean;
      transcriptionCode: string | null;
    };
  };
}

describe("meeting bot API", () => {
  let web: RunningWeb;
  let counter = 0;

  async function signedIn(language = "en"): Promise<{ client: TestClient; userId: string }> {
    const email = `bot${++counter}@example.com`;
    const client = await verifiedClient(web, email, language);
    return { client, userId: await userIdOf(web.database.db, email) };
  }
  async function send(client: TestClient, url: string): Promise<Response> {
    return client.api("POST", "/meetings/bots", { url });
  }
  async function sent(client: TestClient, url: string): Promise<Sent> {
    const answer = await send(client, url);
    expect(answer.status).toBe(201);
    return (await answer.json()) as Sent;
  }
  function tokenFor(userId: string, { noteId, botId }: Sent, expiresAt = Date.now() + 60_000): string {
    return createBotToken(tokenSecret, { botId, noteId, userId, expiresAt });
  }
  function callback(token: string, botId: string, route: string, body: unknown, method = "POST"): Promise<Response> {
    const isBytes = body instanceof Uint8Array;
    return fetch(`${web.url}/api/bot-callbacks/${botId}/${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": isBytes ? "application/octet-stream" : "application/json" },
      body: isBytes ? Buffer.from(body) : JSON.stringify(body),
    });
  }
  async function noteOf(client: TestClient, noteId: string): Promise<NoteBody["note"]> {
    return ((await (await client.api("GET", `/notes/${noteId}`)).json()) as NoteBody).note;
  }
  const status = (code: string, subcode: string | null, sequence: number) => ({ code, subcode, sequence, at: Date.now() });

  beforeAll(async () => {
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-bot-api-")),
      EMBEDDED_WORKER: "false",
      BOT_TOKEN_SECRET: tokenSecret,
      // No payments here, so only an operator's limits apply (decision 022): interpretations 4's free plan.
      BILLING_FREE_LIMITS: JSON.stringify({
        transcriptionMinutesPerMonth: 300,
        uploadsPerMonth: 5,
        concurrentMeetings: 1,
        recordingMinutes: 30,
      }),
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("refuses what is not a meeting link, in the user's language", async () => {
    const { client } = await signedIn("es");
    for (const url of ["https://zoom.us.evil.example/j/123", "hello", "https://example.com/meet/abc"]) {
      const answer = await send(client, url);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ errorCode: "MEETING_LINK_INVALID", message: expect.stringContaining("no es un enlace") });
    }
  });

  it("makes a meeting note with the bot's name, one bot per meeting, and no more meetings than the plan allows", async () => {
    const { client } = await signedIn();
    const first = await sent(client, "https://meet.google.com/abc-defg-hij?authuser=0");
    const note = await noteOf(client, first.noteId);
    expect(note.data).toMatchObject({
      type: "meeting",
      // Stored without words of one language; the pages say it in the reader's (issue 17).
      title: "Google Meet abc-defg-hij",
      meetingTitle: { platform: "google_meet", code: "abc-defg-hij" },
      meeting: { code: "joining_call", subcode: null },
    });
    const bot = await (await client.api("GET", `/notes/${first.noteId}/bot`)).json();
    expect(bot).toMatchObject({
      platform: "google_meet",
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      botName: "Parley Notetaker (Test)",
    });

    const again = await send(client, "meet.google.com/abc-defg-hij");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errorCode: "BOT_ALREADY_IN_MEETING", noteId: first.noteId });
    // The free plan has one meeting at a time (interpretations 4, set by the operator above).
    const other = await send(client, "https://zoom.us/j/1234567890?pwd=abc");
    expect(other.status).toBe(402);
    expect(await other.json()).toMatchObject({ errorCode: "BOT_CONCURRENCY_LIMIT", errorSource: "concurrent_meetings" });
  });

  it("answers a retried send with the same Idempotency-Key with the first bot, not a second one (issue 21)", async () => {
    const { client } = await signedIn();
    const url = "https://meet.google.com/idm-poti-ent";
    const first = await client.api("POST", "/meetings/bots", { url }, { "Idempotency-Key": "send-1" });
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as Sent;
    const retry = await client.api("POST", "/meetings/bots", { url }, { "Idempotency-Key": "send-1" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(firstBody);
    // Without the key, the same send is a second bot in the same meeting: refused as before.
    expect((await send(client, url)).status).toBe(409);
  });

  it("takes callbacks only with the bot's own valid token", async () => {
    const { client, userId } = await signedIn();
    const { userId: otherUserId, client: otherClient } = await signedIn();
    const bot = await sent(client, "https://meet.google.com/tok-enzz-abc");
    const otherBot = await sent(otherClient, "https://meet.google.com/tok-enzz-abc");
    const body = status("in_waiting_room", null, 1);
    const forged = `${tokenFor(userId, bot).slice(0, -4)}AAAA`;
    const cases: [string, string][] = [
      ["no token", ""],
      ["forged", forged],
      ["expired", tokenFor(userId, bot, Date.now() - 1)],
      ["another bot's token", tokenFor(otherUserId, otherBot)],
      ["signed with another key", createBotToken("x".repeat(40), { ...bot, userId, expiresAt: Date.now() + 60_000 })],
    ];
    for (const [name, token] of cases) {
      const answer = await callback(token, bot.botId, "status", body);
      expect(answer.status, name).toBe(401);
    }
    expect((await noteOf(client, bot.noteId)).data.meeting?.code).toBe("joining_call");
    expect((await callback(tokenFor(userId, bot), bot.botId, "status", { ...body, code: "not_a_code" })).status).toBe(400);
  });

  it("shows statuses live and in order, keeps the recording, and ends with the reason", async () => {
    const { client, userId } = await signedIn();
    const bot = await sent(client, "https://teams.live.com/meet/9876543210?p=secret");
    const token = tokenFor(userId, bot);
    expect((await callback(token, bot.botId, "status", status("in_waiting_room", null, 2))).status).toBe(204);
    // A late, older status joins the history but does not replace the newer one; a repeat changes nothing.
    expect((await callback(token, bot.botId, "status", status("joining_call", null, 1))).status).toBe(204);
    expect((await callback(token, bot.botId, "status", status("in_waiting_room", null, 2))).status).toBe(204);
    expect((await noteOf(client, bot.noteId)).data.meeting).toEqual({ code: "in_waiting_room", subcode: null });
    await callback(token, bot.botId, "status", status("in_call_not_recording", null, 3));
    await callback(token, bot.botId, "status", status("in_call_recording", null, 4));
    expect(await (await callback(token, bot.botId, "heartbeat", { participantCount: 2, recordedSeconds: 3 })).json()).toEqual({
      leave: false,
    });

    const parts = [Uint8Array.from([1, 2, 3]), Uint8Array.from([4, 5]), Uint8Array.from([6])];
    for (const [index, part] of parts.entries())
      expect((await callback(token, bot.botId, `recording/${index}`, part, "PUT")).status).toBe(204);
    // A part sent twice (a retried upload) is stored once.
    expect((await callback(token, bot.botId, "recording/1", parts[1], "PUT")).status).toBe(204);
    const timeline = { turns: [{ name: "Alice", startMs: 0, endMs: 900 }], participants: ["Alice", "Bob"] };
    expect((await callback(token, bot.botId, "speakers", timeline)).status).toBe(204);
    await callback(token, bot.botId, "status", status("call_ended", "timeout_exceeded_everyone_left", 5));
    expect((await callback(token, bot.botId, "finish", { recordingParts: 3, durationMs: 3_000, hasAudio: true })).status).toBe(204);
    await callback(token, bot.botId, "status", status("done", null, 6));

    const note = await noteOf(client, bot.noteId);
    expect(note.data).toMatchObject({
      meeting: { code: "done", subcode: "timeout_exceeded_everyone_left" },
      transcriptionCode: "transcription_in_progress",
      active: true,
    });
    const media = await client.api("GET", `/notes/${bot.noteId}/media`);
    expect(media.headers.get("Content-Type")).toBe("audio/webm");
    expect([...new Uint8Array(await media.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
    const history = ((await (await client.api("GET", `/notes/${bot.noteId}/bot`)).json()) as { history: { code: string }[] }).history;
    expect(history.map((entry) => entry.code)).toEqual([
      "joining_call",
      "in_waiting_room",
      "in_call_not_recording",
      "in_call_recording",
      "call_ended",
      "done",
    ]);
    // Finished: parts after the finish are refused, and the meeting is free for a new bot.
    expect((await callback(token, bot.botId, "recording/3", parts[0], "PUT")).status).toBe(404);
    expect((await send(client, "https://teams.live.com/meet/9876543210")).status).toBe(201);
  });

  it("cancels a bot that has not started at once, and a running one through its heartbeat", async () => {
    const { client, userId } = await signedIn();
    const queued = await sent(client, "https://zoom.us/j/5550001111");
    const cancelled = await client.api("POST", `/notes/${queued.noteId}/bot/cancel`);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as NoteBody).note.data).toMatchObject({
      meeting: { code: "done", subcode: "bot_received_leave_call" },
      active: false,
    });
    expect((await client.api("POST", `/notes/${queued.noteId}/bot/cancel`)).status).toBe(409);

    const running = await sent(client, "https://zoom.us/j/5550002222");
    // The launcher marks a bot launched; here the test does, as no launcher runs in this web.
    await web.database.db.execute(`update meeting_bots set launched_at = now() where id = '${running.botId}'`);
    const token = tokenFor(userId, running);
    await callback(token, running.botId, "status", status("in_call_recording", null, 2));
    expect((await client.api("POST", `/notes/${running.noteId}/bot/cancel`)).status).toBe(200);
    expect(await (await callback(token, running.botId, "heartbeat", { participantCount: 1, recordedSeconds: 9 })).json()).toEqual({
      leave: true,
    });
  });

  it("answers 404 for another user's meeting note", async () => {
    const { client } = await signedIn();
    const { client: stranger } = await signedIn();
    const bot = await sent(client, "https://meet.google.com/own-erzz-xyz");
    expect((await stranger.api("GET", `/notes/${bot.noteId}/bot`)).status).toBe(404);
    expect((await stranger.api("POST", `/notes/${bot.noteId}/bot/cancel`)).status).toBe(404);
    expect((await noteOf(client, bot.noteId)).data.meeting?.code).toBe("joining_call");
  });
});

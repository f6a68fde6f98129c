import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueBotLaunch } from "~/core/meetings/launch-job";
import { createMeetingBot } from "~/core/meetings/mutations";
import { recordTranscription } from "~/core/usage/mutations";
import { userData } from "~/infra/db/auth-schema";
import type { RunningWeb } from "~/server/start-web";
import type { Subscription } from "~/shared/billing/subscription";
import { parseMeetingUrl } from "~/shared/meetings/meeting-url";
import { waitForNote } from "../../../../test/support/note-events";
import { startTestWeb, type TestClient, verifiedClient } from "../../../../test/support/test-web";
import { createUpload, uploadFile } from "../../../../test/support/tus";

// Plans and limits over real HTTP (issue 7): GET /api/user/plan, the 402s where work starts (uploads,
// YouTube links, meeting bots) with their errorSource, Pro lifting them, the upgrade request mailed to
// support, and usage pushed live on the event stream. Payments are on in the first suite (a Paddle key;
// nothing here calls Paddle); without one (decision 022) nothing is limited unless the operator says so.

const freeLimits = { transcriptionMinutesPerMonth: 10, uploadsPerMonth: 1, concurrentMeetings: 1, recordingMinutes: 30 };
const proLimits = { transcriptionMinutesPerMonth: 100, uploadsPerMonth: null, concurrentMeetings: 3, recordingMinutes: null };
const pro: Subscription = { isActive: true, interval: "year", intervalCount: 1, subscriptionPlatform: "web", productKey: "1year" };

describe("plans and limits", () => {
  let web: RunningWeb;
  let counter = 0;
  const signedIn = async (language = "en") => {
    const email = `limits${++counter}@example.com`;
    const client = await verifiedClient(web, email, language);
    const { payload } = (await (await client.api("GET", "/user")).json()) as { payload: { userId: string } };
    return { client, email, userId: payload.userId };
  };
  const makePro = (userId: string) => web.database.db.update(userData).set({ subscription: pro }).where(eq(userData.userId, userId));
  const text = new TextEncoder().encode("a note in a file");
  const fileMetadata = { kind: "file", filename: "talk.mp3", filetype: "audio/mpeg" };

  beforeAll(async () => {
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-limits-")),
      BILLING_FREE_LIMITS: JSON.stringify(freeLimits),
      BILLING_PRO_LIMITS: JSON.stringify(proLimits),
      PADDLE_API_KEY: "pdl_sdbx_apikey_limits",
      BOT_CAPACITY: "0",
      SPEECH_ENGINE: "pocketsphinx",
      SUPPORT_EMAIL: "help@parley.test",
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("answers the free plan with its limits, and Pro once the subscription is active", async () => {
    const { client, userId } = await signedIn();
    expect(await (await client.api("GET", "/user/plan")).json()).toEqual({
      id: "free",
      subscription: null,
      limits: freeLimits,
      paymentsOn: true,
    });
    await makePro(userId);
    expect(await (await client.api("GET", "/user/plan")).json()).toEqual({
      id: "pro",
      subscription: pro,
      limits: proLimits,
      paymentsOn: true,
    });
    const anonymous = await fetch(`${web.url}/api/user/plan`);
    expect(anonymous.status).toBe(401);
  });

  it("refuses the upload over the month's count with 402 upload_count, translated, and keeps browser recordings", async () => {
    const { client } = await signedIn("es");
    await uploadFile(client, text, fileMetadata);
    const refused = await createUpload(client, { size: text.length, metadata: fileMetadata });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      success: false,
      errorCode: "UPLOAD_LIMIT_REACHED",
      errorSource: "upload_count",
      limit: 1,
      message: "Has alcanzado las subidas de tu plan para este mes.",
    });
    const usage = (await (await client.api("GET", "/user/usage")).json()) as { usage: { uploadCount: number } };
    expect(usage.usage.uploadCount).toBe(1);
    // A recording already happened: refusing it would lose it.
    const recording = await createUpload(client, { size: text.length, metadata: { kind: "recording", filename: "rec.webm" } });
    expect(recording.status).toBe(201);
  });

  it("refuses YouTube links, files and bots once the month's minutes are used, then Pro lifts the limits", async () => {
    const { client, userId } = await signedIn();
    await recordTranscription(web.database.db, { userId, noteId: "00000000-0000-4000-8000-000000000001", seconds: 10 * 60 });
    const youtube = await client.api("POST", "/notes/youtube", { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    expect(youtube.status).toBe(402);
    expect(await youtube.json()).toMatchObject({ errorCode: "TRANSCRIPTION_LIMIT_REACHED", errorSource: "transcription_minutes" });
    const file = await createUpload(client, { size: text.length, metadata: fileMetadata });
    expect(await file.json()).toMatchObject({ errorSource: "transcription_minutes" });
    const bot = await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/abc-defg-hij" });
    expect(bot.status).toBe(402);
    expect(await bot.json()).toMatchObject({ errorCode: "TRANSCRIPTION_LIMIT_REACHED", errorSource: "transcription_minutes" });

    await makePro(userId);
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/abc-defg-hij" })).status).toBe(201);
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/bcd-efgh-ijk" })).status).toBe(201);
    expect((await createUpload(client, { size: text.length, metadata: fileMetadata })).status).toBe(201);
  });

  it("lets a free user have one bot at a time and Pro three", async () => {
    const { client, userId } = await signedIn();
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/aaa-bbbb-ccc" })).status).toBe(201);
    const second = await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/ddd-eeee-fff" });
    expect(second.status).toBe(402);
    expect(await second.json()).toMatchObject({ errorCode: "BOT_CONCURRENCY_LIMIT", errorSource: "concurrent_meetings", limit: 1 });
    await makePro(userId);
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/ddd-eeee-fff" })).status).toBe(201);
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/ggg-hhhh-iii" })).status).toBe(201);
    const fourth = await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/jjj-kkkk-lll" });
    expect(await fourth.json()).toMatchObject({ errorSource: "concurrent_meetings", limit: 3 });
  });

  it("mails support a paying user's limit-upgrade request, and refuses it on the free plan", async () => {
    const { client, email, userId } = await signedIn();
    const free = await client.api("POST", "/user/limit-upgrade-request", { errorSource: "transcription_minutes" });
    expect(free.status).toBe(409);
    expect(await free.json()).toMatchObject({ errorCode: "UPGRADE_REQUEST_FREE_PLAN" });
    await makePro(userId);
    await recordTranscription(web.database.db, { userId, noteId: "00000000-0000-4000-8000-000000000002", seconds: 100 * 60 });
    const sent = await client.api("POST", "/user/limit-upgrade-request", { errorSource: "transcription_minutes" });
    expect(sent.status).toBe(200);
    const [mail] = web.mailCatcher?.list({ to: "help@parley.test" }) ?? [];
    expect(mail?.subject).toBe(`Limit upgrade request from ${email}`);
    expect(mail?.text).toContain(`has reached the transcriptionMinutesPerMonth limit (100 of 100)`);
    const bad = await client.api("POST", "/user/limit-upgrade-request", { errorSource: "everything" });
    expect(bad.status).toBe(400);
  });

  it("pushes an account event on the open event stream when usage changes", async () => {
    const { client } = await signedIn();
    const controller = new AbortController();
    const events = await fetch(`${web.url}/api/notes/events`, { headers: { Cookie: client.cookieHeader() }, signal: controller.signal });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const seen: string[] = [];
    const readUntil = async (name: string) => {
      let buffer = "";
      while (!seen.includes(name)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
        for (const match of buffer.matchAll(/^event: (.+)$/gm)) if (match[1] && !seen.includes(match[1])) seen.push(match[1]);
      }
    };
    await readUntil("ready");
    await uploadFile(client as TestClient, text, fileMetadata);
    await readUntil("account");
    controller.abort();
    expect(seen).toContain("account");
  });
});

describe("payments off, the embedded default (decision 022)", () => {
  let web: RunningWeb;

  beforeAll(async () => {
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-limits-off-")),
      BOT_CAPACITY: "0",
      SPEECH_ENGINE: "pocketsphinx",
      SUPPORT_EMAIL: "operator@parley.test",
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("answers an unlimited free plan, takes more uploads and bots than interpretations 4's free plan would", async () => {
    const client = await verifiedClient(web, "self-hosted@example.com");
    expect(await (await client.api("GET", "/user/plan")).json()).toEqual({
      id: "free",
      subscription: null,
      limits: { transcriptionMinutesPerMonth: null, uploadsPerMonth: null, concurrentMeetings: null, recordingMinutes: null },
      paymentsOn: false,
    });
    const document = { kind: "document", filename: "notes.txt", filetype: "text/plain" };
    for (let index = 0; index < 6; index++) expect((await createUpload(client, { size: 0, metadata: document })).status).toBe(201);
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/aaa-bbbb-ccc" })).status).toBe(201);
    expect((await client.api("POST", "/meetings/bots", { url: "https://meet.google.com/ddd-eeee-fff" })).status).toBe(201);
  });

  it("mails a free user's limit-upgrade request to the operator: there is no paywall to send them to", async () => {
    const client = await verifiedClient(web, "asks-operator@example.com");
    const sent = await client.api("POST", "/user/limit-upgrade-request", { errorSource: "upload_count" });
    expect(sent.status).toBe(200);
    const [mail] = web.mailCatcher?.list({ to: "operator@parley.test" }) ?? [];
    expect(mail?.subject).toBe("Limit upgrade request from asks-operator@example.com");
  });
});

describe("a queued bot whose user ran out of minutes meanwhile", () => {
  let web: RunningWeb;

  beforeAll(async () => {
    web = await startTestWeb("pglite", {
      AUTH_RATE_LIMIT_SCALE: "100",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "parley-limits-launch-")),
      BILLING_FREE_LIMITS: JSON.stringify(freeLimits),
      BOT_CAPACITY: "1",
      SPEECH_ENGINE: "pocketsphinx",
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("ends with parley_usage_limit_exceeded / transcription_minutes_limit_exceeded instead of joining", async () => {
    const client = await verifiedClient(web, "queued@example.com");
    const { payload } = (await (await client.api("GET", "/user")).json()) as { payload: { userId: string } };
    const link = parseMeetingUrl("https://meet.google.com/abc-defg-hij");
    if (!link) throw new Error("the link should parse");
    // The bot was sent while minutes were left (as a calendar auto-join would), then the month ran out.
    const created = await createMeetingBot(web.database.db, {
      userId: payload.userId,
      link,
      botName: "Parley Notetaker (Ana)",
      consentMessage: "Recording",
      title: "Google Meet meeting abc-defg-hij",
      language: null,
    });
    if (created.kind !== "created") throw new Error("the bot should be created");
    await recordTranscription(web.database.db, { userId: payload.userId, noteId: "00000000-0000-4000-8000-000000000003", seconds: 600 });
    await enqueueBotLaunch(web.queue.boss, { userId: payload.userId, botId: created.botId });
    const note = await waitForNote(client, created.noteId, (view) => view.data.meeting?.code === "done");
    expect(note.data.meeting).toEqual({ code: "done", subcode: "transcription_minutes_limit_exceeded" });
    const bot = (await (await client.api("GET", `/notes/${created.noteId}/bot`)).json()) as {
      history: { code: string; subcode: string | null }[];
    };
    expect(bot.history.map(({ code, subcode }) => [code, subcode])).toEqual([
      ["parley_usage_limit_exceeded", "transcription_minutes_limit_exceeded"],
      ["done", null],
    ]);
  });
});

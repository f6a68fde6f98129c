import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { BotJob } from "../src/shared/meetings/bot-job";
import { defaultBotTimerSettings } from "../src/shared/meetings/bot-timers";
import { meetingControl } from "../test/stand-ins/meetings/control-client";
import type { StandInPlatform } from "../test/stand-ins/meetings/room-state";
import { startMeetingStandIn } from "../test/stand-ins/meetings/server";
import { type Speaker, startSpeaker } from "../test/stand-ins/meetings/speaker";
import { clipPath } from "../test/support/media-fixtures";
import { decodePcm } from "./support/decode-pcm";

// `npm run bench:bots` (issue 6): CPU and memory per bot, and how many bots record cleanly at once here.
// For each count in BENCH_BOTS (default 1,3,4) it starts that many real bot processes (`src/bot/main.ts`,
// one Chromium each) in as many stand-in meetings, one person per meeting talking over real WebRTC (the JFK
// clip, 10.9 s, from its own Chromium), and samples every bot's process tree (node + Chromium) from
// /proc: CPU in cores while in the call, peak PSS. "Clean" = the recording's voiced time is within 10% of
// the clip's. The bots call back to a small receiver here (the product's routes are measured elsewhere).

const counts = (process.env.BENCH_BOTS ?? "1,3,4").split(",").map(Number);
const platforms: StandInPlatform[] = ["google_meet", "microsoft_teams", "zoom"];
const ticksPerSecond = 100;

interface BotRun {
  botId: string;
  statuses: string[];
  parts: Map<number, Buffer>;
  isFinished: boolean;
}

function startReceiver(runs: Map<string, BotRun>) {
  const server = createServer((request, response) => {
    const [, , , botId, route, part] = (request.url ?? "").split("/");
    const run = runs.get(botId ?? "");
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      if (!run) return void response.writeHead(404).end();
      if (route === "status") run.statuses.push((JSON.parse(body.toString()) as { code: string }).code);
      if (route === "recording") run.parts.set(Number(part), body);
      if (route === "finish") run.isFinished = true;
      if (route === "heartbeat") return void response.writeHead(200, { "content-type": "application/json" }).end('{"leave":false}');
      response.writeHead(204).end();
    });
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The pid and every descendant (the bot's node process and its Chromium processes). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) tree.push(...(parents.get(tree[index] as number) ?? []));
  return tree;
}

function sample(root: number): { ticks: number; pssKb: number } {
  let ticks = 0;
  let pssKb = 0;
  for (const pid of processTree(root)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
      pssKb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone already.
    }
  }
  return { ticks, pssKb };
}

/** Seconds of 20 ms frames louder than -40 dBFS in 16 kHz mono PCM. */
function voicedSeconds(pcm: Int16Array): number {
  const frame = 320;
  let voiced = 0;
  for (let start = 0; start + frame <= pcm.length; start += frame) {
    let sum = 0;
    for (let index = start; index < start + frame; index++) sum += ((pcm[index] ?? 0) / 32768) ** 2;
    if (Math.sqrt(sum / frame) > 0.01) voiced++;
  }
  return (voiced * frame) / 16_000;
}

async function runCount(count: number): Promise<void> {
  const standIn = await startMeetingStandIn({});
  const control = meetingControl(standIn.baseUrl);
  const runs = new Map<string, BotRun>();
  const receiver = await startReceiver(runs);
  const speakers: Speaker[] = [];
  const bots: { pid: number; run: BotRun; meetingId: string; exited: Promise<void> }[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const platform = platforms[index % platforms.length] as StandInPlatform;
      const meetingId = platform === "google_meet" ? `ben-chbo-t${"abcdefghij"[index]}a` : `${7_000_000_000 + index}`;
      await control.register(platform, meetingId, {});
      speakers.push(await startSpeaker({ baseUrl: standIn.baseUrl, meetingId, name: `Speaker ${index + 1}`, clipPath: clipPath("c6") }));
      const run: BotRun = { botId: randomUUID(), statuses: [], parts: new Map(), isFinished: false };
      runs.set(run.botId, run);
      const base = { google_meet: "meet", microsoft_teams: "teams", zoom: "zoom" }[platform];
      const meetingUrl =
        platform === "google_meet"
          ? `https://meet.google.com/${meetingId}`
          : platform === "zoom"
            ? `https://zoom.us/j/${meetingId}`
            : `https://teams.live.com/meet/${meetingId}`;
      const job: BotJob = {
        botId: run.botId,
        noteId: randomUUID(),
        platform,
        meetingUrl,
        passcode: null,
        botName: `Parley Notetaker (Bench ${index + 1})`,
        consentMessage: "This meeting is recorded and transcribed by Parley (benchmark).",
        callbackBaseUrl: receiver.url,
        token: "bench",
        platformBaseUrl: `${standIn.baseUrl}/${base}`,
        timers: { ...defaultBotTimerSettings },
        isHeadless: true,
      };
      const child = spawn(process.execPath, ["--import", "tsx", path.resolve("src/bot/main.ts")], {
        env: { ...process.env, PARLEY_BOT_JOB: JSON.stringify(job) },
        stdio: "ignore",
      });
      bots.push({ pid: child.pid as number, run, meetingId, exited: new Promise((resolve) => child.once("exit", () => resolve())) });
    }
    const deadline = Date.now() + 120_000;
    const states = async () => Promise.all(bots.map((bot) => control.get(bot.meetingId).then((meeting) => meeting.bot.state)));
    while ((await states()).some((state) => state !== "in_call")) {
      if (Date.now() > deadline) throw new Error(`bots did not all get in: ${(await states()).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const before = bots.map((bot) => sample(bot.pid));
    const startedAt = Date.now();
    let peakPss = before.map((entry) => entry.pssKb);
    const sampler = setInterval(() => {
      peakPss = bots.map((bot, index) => Math.max(peakPss[index] ?? 0, sample(bot.pid).pssKb));
    }, 500);
    await Promise.all(speakers.map((speaker) => speaker.speak()));
    const after = bots.map((bot) => sample(bot.pid));
    const seconds = (Date.now() - startedAt) / 1000;
    clearInterval(sampler);
    await Promise.all(speakers.map((speaker) => speaker.leave()));
    await Promise.all(bots.map((bot) => bot.exited));
    const sourceVoiced = voicedSeconds(await decodePcm(clipPath("c6")));
    for (const [index, bot] of bots.entries()) {
      const webm = Buffer.concat([...bot.run.parts.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes));
      const voiced = webm.length > 0 ? voicedSeconds(await decodePcm(webm)) : 0;
      const cores = ((after[index]?.ticks ?? 0) - (before[index]?.ticks ?? 0)) / ticksPerSecond / seconds;
      const isClean = Math.abs(voiced - sourceVoiced) <= sourceVoiced * 0.1;
      process.stdout.write(
        `  bot ${index + 1}/${count} ${platforms[index % platforms.length]}: ${cores.toFixed(2)} cores, peak PSS ${Math.round((peakPss[index] ?? 0) / 1024)} MB, ` +
          `voiced ${voiced.toFixed(1)} s of ${sourceVoiced.toFixed(1)} s -> ${isClean ? "clean" : "NOT clean"}; statuses ${bot.run.statuses.join(" > ")}\n`,
      );
    }
  } finally {
    for (const speaker of speakers) await speaker.close();
    await receiver.close();
    await standIn.close();
  }
}

for (const count of counts) {
  process.stdout.write(`${count} bot(s) at once:\n`);
  await runCount(count);
}

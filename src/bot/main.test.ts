import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startBotCallbackReceiver } from "../../test/support/bot-callback-receiver";
import { loopbackBotJob } from "../../test/support/loopback-bot-job";
import { createLoopbackMeeting } from "../../test/support/loopback-meeting";
import { killRoles, spawnRole } from "../../test/support/spawn-role";
import { defaultBotTimerSettings } from "../shared/meetings/bot-timers";

// `npm run bot` as the launcher runs it: a child process with the job in PARLEY_BOT_JOB.

const token = "test-bot-token";
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  killRoles();
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const environment = (job: unknown) => ({ HOME: process.env.HOME ?? "/tmp", PARLEY_BOT_JOB: JSON.stringify(job) });

describe("the bot process", () => {
  it("leaves on SIGTERM: reports bot_received_leave_call, finishes, says done and exits 0", async () => {
    const botId = randomUUID();
    const meeting = createLoopbackMeeting();
    const receiver = await startBotCallbackReceiver({ botId, token, pages: meeting.handle });
    cleanups.push(() => receiver.close());
    // The receiver serves a blank page: the Meet adapter keeps waiting for its join form, as on a slow platform.
    const job = loopbackBotJob({ botId, token, baseUrl: receiver.baseUrl, timers: defaultBotTimerSettings });
    const bot = spawnRole("src/bot/main.ts", environment(job));
    await receiver.waitFor(() => receiver.statusCodes().includes("joining_call") && receiver.count("heartbeat") >= 3, "the bot to run");
    bot.child.kill("SIGTERM");
    expect(await bot.exited).toBe(0);

    expect(receiver.rejected).toEqual([]);
    expect(receiver.statusCodes()).toEqual(["joining_call", "call_ended/bot_received_leave_call", "done"]);
    expect(receiver.finish()).toEqual({ recordingParts: 0, durationMs: 0, hasAudio: false });
    const order = receiver.received.map((entry) => entry.kind).filter((kind) => kind !== "heartbeat");
    expect(order).toEqual(["status", "status", "finish", "status"]);
    expect(bot.output()).toContain('"signal":"SIGTERM"');
    expect(bot.output()).not.toContain(token);
  });

  it("refuses an invalid job with exit code 2 and a clear line on stderr", async () => {
    const bot = spawnRole("src/bot/main.ts", environment({ botId: "not-a-uuid", platform: "skype" }));
    expect(await bot.exited).toBe(2);
    expect(bot.output()).toMatch(/^bot: invalid job: .*botId.*platform/m);

    const missing = spawnRole("src/bot/main.ts", { HOME: "/tmp" });
    expect(await missing.exited).toBe(2);
    expect(missing.output()).toContain("bot: no job given");
  });
});

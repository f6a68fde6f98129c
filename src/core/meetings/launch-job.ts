import { createHmac } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import type { BotProcessLauncher } from "~/infra/bots/child-process-launcher";
import type { Logger } from "~/infra/logging/logger";
import { enqueue, type JobDefinition } from "~/infra/queue/job-registry";
import { type BotJob, botJobSchema } from "~/shared/meetings/bot-job";
import type { BotEvent } from "~/shared/meetings/bot-status";
import { findReachedLimit } from "../billing/limits";
import { getPlan, type PlanLimits } from "../billing/plan";
import { createBotToken } from "./bot-token";
import { findBot, type MeetingBotRow } from "./data";
import { type FinishBotDeps, finishBot } from "./finish-bot";
import { markBotLaunched } from "./mutations";
import { hasBotEnded, reportForBot } from "./report-for-bot";
import type { BotSettings } from "./settings";

// The launcher (issue 6): a pg-boss queue of bots to start. Each job runs one bot process from start to
// exit, so `localConcurrency` is this machine's capacity and `groupConcurrency` (grouped by user, counted
// across every machine) is the per-user cap: a bot over it waits in the queue. After the process exits the
// launcher makes sure the note ends properly (a crashed bot gets fatal/bot_errored, then done) and that
// whatever was recorded goes to transcription.

export const botLaunchJobName = "bots.launch";
const launchInput = z.object({ userId: z.string().min(1), botId: z.uuid() }).strict();
type LaunchInput = z.infer<typeof launchInput>;

export function enqueueBotLaunch(boss: PgBoss, input: LaunchInput): Promise<string | null> {
  return enqueue(boss, { name: botLaunchJobName, payload: launchInput }, input, { singletonKey: input.botId, group: { id: input.userId } });
}

/** The bots' token key, kept apart from the session secret it may be derived from. */
export function botTokenSecret(settings: Pick<BotSettings, "tokenSecret">, authSecret: string): string {
  return settings.tokenSecret ?? createHmac("sha256", authSecret).update("parley bot callback tokens").digest("base64url");
}

export interface LaunchDeps extends FinishBotDeps {
  settings: BotSettings;
  tokenSecret: string;
  /** This process's web address in the embedded default (known once it listens); BOT_CALLBACK_URL wins. */
  callbackBaseUrl(): string | null;
  launcher: BotProcessLauncher;
  logger: Logger;
  /** Plan limits (issue 7): the longest recording and the minutes a bot may still use. */
  planLimits: PlanLimits;
  /**
   * A ZAK of the owner's connected Zoom account, fetched right before a Zoom bot starts (interpretations
   * 22), or null (not connected, or Zoom refused): the bot then joins as a guest.
   */
  zoomJoinToken?(input: { userId: string }): Promise<string | null>;
}

/** A bot that died without ending its call says so (bot_errored) rather than leave the note "in call". */
function endingEvents(bot: MeetingBotRow): BotEvent[] {
  return hasBotEnded(bot) ? [{ type: "shutdown" }] : [{ type: "fatal", subcode: "bot_errored" }, { type: "shutdown" }];
}

function buildJob(
  deps: LaunchDeps,
  bot: MeetingBotRow,
  callbackBaseUrl: string,
  { recordingMinutes, zoomZak }: { recordingMinutes: number | null; zoomZak: string | null },
): BotJob {
  const { settings } = deps;
  // Valid for the longest the bot may stay, plus time to upload and report at the end.
  const expiresAt = Date.now() + settings.timers.maxDurationMs + 60 * 60_000;
  return botJobSchema.parse({
    botId: bot.id,
    noteId: bot.noteId,
    platform: bot.platform,
    meetingUrl: bot.meetingUrl,
    passcode: bot.passcode,
    botName: bot.botName,
    consentMessage: bot.consentMessage,
    callbackBaseUrl,
    token: createBotToken(deps.tokenSecret, { botId: bot.id, noteId: bot.noteId, userId: bot.userId, expiresAt }),
    platformBaseUrl: settings.baseUrls[bot.platform],
    // The plan decides the longest recording (interpretations 20: free stops at 30 minutes).
    timers: { ...settings.timers, recordingLimitMs: recordingMinutes === null ? null : recordingMinutes * 60_000 },
    isHeadless: settings.isHeadless,
    zoomZak,
  });
}

async function launch(deps: LaunchDeps, { userId, botId }: LaunchInput, signal: AbortSignal, logger: Logger): Promise<void> {
  const bot = await findBot(deps.db, { userId, botId });
  if (!bot || bot.finishedAt) return;
  if (bot.cancelRequestedAt) {
    // Removed before it ever joined: the call ends as asked, with nothing recorded.
    await reportForBot(deps.db, bot, [{ type: "leave_requested" }, { type: "shutdown" }]);
    await finishBot(deps, { userId, botId, hasAudio: false });
    return;
  }
  const callbackBaseUrl = deps.settings.callbackUrl ?? deps.callbackBaseUrl();
  if (!callbackBaseUrl) throw new Error("BOT_CALLBACK_URL is not set and this process has no web address for bot callbacks");
  // A bot that waited in the queue may find the month's minutes used up meanwhile (or one sent by a
  // calendar, with nobody to show a 402 to): it ends with the usage-limit code instead of joining.
  const reached = await findReachedLimit(deps.db, deps.planLimits, { userId, sources: ["transcription_minutes"] });
  if (reached) {
    await reportForBot(deps.db, bot, [{ type: "usage_limit", subcode: "transcription_minutes_limit_exceeded" }, { type: "shutdown" }]);
    await finishBot(deps, { userId, botId, hasAudio: false });
    return;
  }
  if (!(await markBotLaunched(deps.db, { userId, botId }))) return;
  const plan = await getPlan(deps.db, deps.planLimits, { userId });
  // Fetched now, not when sent: a ZAK lives about two hours and a bot may wait in the queue.
  const zoomZak = bot.platform === "zoom" && deps.zoomJoinToken ? await deps.zoomJoinToken({ userId }) : null;
  const job = buildJob(deps, bot, callbackBaseUrl, { recordingMinutes: plan.limits.recordingMinutes, zoomZak });
  const { exitCode } = await deps.launcher.run(job, { signal, logger });
  const after = await findBot(deps.db, { userId, botId });
  if (!after) return;
  const last = after.history.at(-1);
  if (last?.code !== "done") {
    logger.warn({ botId, exitCode, last }, "bot ended without its final status; reporting it");
    await reportForBot(deps.db, after, endingEvents(after));
  }
  await finishBot(deps, { userId, botId, hasAudio: null });
}

export function botLaunchJob(deps: LaunchDeps): JobDefinition<LaunchInput> {
  return {
    name: botLaunchJobName,
    payload: launchInput,
    // Never retried: a second attempt would walk into a meeting the first one may have recorded. The job
    // lives as long as the bot may (plus its leave and upload), so pg-boss does not expire a bot mid-call.
    queue: { retryLimit: 0, expireInSeconds: Math.ceil(deps.settings.timers.maxDurationMs / 1000) + 15 * 60 },
    work: {
      localConcurrency: Math.max(1, deps.settings.capacity),
      groupConcurrency: deps.settings.concurrentPerUser,
    },
    handle: (payload, context) => launch(deps, payload, context.signal, context.logger),
    onGiveUp: async (payload, error, context) => {
      context.logger.error({ err: error }, "bot launch failed");
      const bot = await findBot(deps.db, payload);
      if (!bot || bot.finishedAt) return;
      await reportForBot(deps.db, bot, endingEvents(bot));
      await finishBot(deps, { userId: payload.userId, botId: payload.botId, hasAudio: null });
    },
  };
}

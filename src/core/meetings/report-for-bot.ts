import type { Database } from "~/infra/db/client";
import { type BotEvent, type BotState, reduceBotStatus } from "~/shared/meetings/bot-status";
import type { MeetingBotRow } from "./data";
import { applyBotStatus } from "./mutations";

/**
 * Statuses the server reports on the bot's behalf, through the same reducer the bot uses: a bot removed
 * before it started, one that crashed without its final status, one whose launch failed.
 */
export async function reportForBot(db: Database, bot: MeetingBotRow, events: readonly BotEvent[]): Promise<void> {
  const last = bot.history.at(-1);
  let state: BotState = { current: last ? { code: last.code, subcode: last.subcode, sequence: bot.lastSequence } : null, inCallCode: null };
  for (const event of events) {
    const { state: next, emitted } = reduceBotStatus(state, event);
    state = next;
    for (const status of emitted) {
      await applyBotStatus(db, { userId: bot.userId, botId: bot.id, report: { ...status, at: Date.now() } });
    }
  }
}

/** Whether the bot already reported the end of its call (or a fatal error) — only `done` may follow. */
export function hasBotEnded(bot: MeetingBotRow): boolean {
  const code = bot.history.at(-1)?.code;
  return code === "call_ended" || code === "fatal" || code === "done" || code === "parley_usage_limit_exceeded";
}

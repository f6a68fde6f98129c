import { canCancelMeeting } from "~/shared/notes/statuses";
import { findNote } from "../notes/data";
import { findBotOfNote } from "./data";
import { type FinishBotDeps, finishBot } from "./finish-bot";
import { requestBotCancel } from "./mutations";
import { reportForBot } from "./report-for-bot";

/**
 * "Remove notetaker" (spec section 4: only where cancel is offered). A bot in a meeting hears it at its
 * next heartbeat and leaves with bot_received_leave_call, keeping what it recorded; one still waiting to
 * start ends at once.
 */
export async function cancelBot(
  deps: FinishBotDeps,
  { userId, noteId }: { userId: string; noteId: string },
): Promise<"requested" | "missing" | "notCancellable"> {
  const [note, bot] = await Promise.all([findNote(deps.db, { userId, noteId }), findBotOfNote(deps.db, { userId, noteId })]);
  if (!note || !bot) return "missing";
  if (!note.meeting || !canCancelMeeting(note.meeting) || bot.finishedAt) return "notCancellable";
  await requestBotCancel(deps.db, { userId, botId: bot.id });
  if (!bot.launchedAt) {
    await reportForBot(deps.db, bot, [{ type: "leave_requested" }, { type: "shutdown" }]);
    await finishBot(deps, { userId, botId: bot.id, hasAudio: false });
  }
  return "requested";
}

import { botJobSchema } from "../shared/meetings/bot-job";
import { platformAdapters } from "./platforms/adapters";
import { type BotLog, runBot } from "./run-bot";

// The bot role (`npm run bot`): one bot for one meeting. The job (BotJob JSON) comes as the first argument
// or, when there is none, in PARLEY_BOT_JOB (the launcher's choice: env keeps the token out of `ps`).
// Exit codes: 0 after any normal end (call ended, fatal included: the status says why), 1 when the bot
// crashed (after reporting fatal / bot_errored and done where it could), 2 when the job is invalid.
// SIGTERM / SIGINT = leave: leave the call, flush the recording, send the final statuses, exit.

const log: BotLog = (level, message, fields) => {
  // JSON lines on stdout like the other roles' logs; the token is never logged.
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), role: "bot", message, ...fields })}\n`);
};

async function main(): Promise<number> {
  const raw = process.argv[2] ?? process.env.PARLEY_BOT_JOB;
  if (!raw) {
    process.stderr.write("bot: no job given (pass the BotJob JSON as the first argument or in PARLEY_BOT_JOB)\n");
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    process.stderr.write("bot: the job is not valid JSON\n");
    return 2;
  }
  const parsed = botJobSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(job)"}: ${issue.message}`).join("; ");
    process.stderr.write(`bot: invalid job: ${issues}\n`);
    return 2;
  }
  const job = parsed.data;
  const leave = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    log("info", "leave requested by signal", { signal, botId: job.botId });
    leave.abort();
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  try {
    const result = await runBot({ job, adapter: platformAdapters[job.platform], leaveSignal: leave.signal, log });
    log("info", "bot exited", { botId: job.botId, final: result.statuses.at(-1)?.code ?? null });
    return 0;
  } catch (error) {
    log("error", "bot crashed", { botId: job.botId, error: error instanceof Error ? error.message : String(error) });
    return 1;
  }
}

// Exit explicitly: an idle keep-alive socket or a stray timer must not keep a finished bot alive.
process.exit(await main());

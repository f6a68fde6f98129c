import { parseArgs } from "node:util";
import { startOpenAiChatStandIn } from "./server";

// Runs the chat stand-in as a process (Playwright's webServer, manual checks):
// `node --import tsx test/stand-ins/openai-chat/main.ts --port 3330 [--api-key KEY]`; GET /health answers.
// The app then gets LLM_BASE_URL=http://127.0.0.1:3330 (and LLM_API_KEY when one is set).
const { values } = parseArgs({
  options: { port: { type: "string", default: process.env.OPENAI_CHAT_STAND_IN_PORT ?? "0" }, "api-key": { type: "string" } },
});
const standIn = await startOpenAiChatStandIn({ port: Number(values.port), apiKey: values["api-key"] });
process.stdout.write(`listening on ${standIn.port}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

import { parseArgs } from "node:util";
import { startPaddleStandIn } from "./server";

// Runs the Paddle stand-in as a process (Playwright's webServer, manual checks):
// `PADDLE_STAND_IN_WEBHOOK_URL=http://127.0.0.1:3000/api/webhooks/paddle node --import tsx test/stand-ins/paddle/main.ts --port 3350`.
// GET /health answers; tests steer it with /__test/scenario, /__test/deliveries, /__test/redeliver, /__test/send.
const { values } = parseArgs({ options: { port: { type: "string", default: process.env.PADDLE_STAND_IN_PORT ?? "0" } } });
const standIn = await startPaddleStandIn({
  port: Number(values.port),
  apiKey: process.env.PADDLE_STAND_IN_API_KEY || undefined,
  webhookSecret: process.env.PADDLE_STAND_IN_WEBHOOK_SECRET || undefined,
  webhookUrl: process.env.PADDLE_STAND_IN_WEBHOOK_URL || undefined,
});
process.stdout.write(`listening on ${new URL(standIn.url).port}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

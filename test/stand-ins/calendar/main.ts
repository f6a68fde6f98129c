import { parseArgs } from "node:util";
import { startCalendarStandIn } from "./server";

// Runs the calendar stand-in as a process (Playwright's webServer, benchmarks, manual checks):
// `CALENDAR_STAND_IN_PORT=3360 node --import tsx test/stand-ins/calendar/main.ts` (or --port 3360).
// GET /health answers; tests steer it through /__test/* (see control-api.ts).
const { values } = parseArgs({ options: { port: { type: "string", default: process.env.CALENDAR_STAND_IN_PORT ?? "0" } } });
const standIn = await startCalendarStandIn({ port: Number(values.port), host: process.env.CALENDAR_STAND_IN_HOST || undefined });
process.stdout.write(`listening on ${new URL(standIn.url).port}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

import { parseArgs } from "node:util";
import { startMeetingStandIn } from "./server";

// Runs the meeting stand-in as a process (Playwright's webServer, manual checks):
// `node --import tsx test/stand-ins/meetings/main.ts --port 3340`; GET /health answers. A bot job then gets
// platformBaseUrl http://127.0.0.1:3340/meet, /teams or /zoom; tests register meetings with POST /__meetings.
const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.MEETING_STAND_IN_PORT ?? "0" },
    // The calendar stand-in's origin, where a Zoom page checks the ZAK it was opened with.
    "zak-check-url": { type: "string", default: process.env.ZOOM_ZAK_CHECK_URL },
  },
});
const standIn = await startMeetingStandIn({ port: Number(values.port), zakCheckUrl: values["zak-check-url"] || undefined });
process.stdout.write(`listening on ${standIn.port}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

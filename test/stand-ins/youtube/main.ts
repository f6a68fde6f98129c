import { startYoutubeStandIn } from "./server";

// Runs the YouTube stand-in as a process (Playwright's webServer, manual checks):
// `YOUTUBE_STAND_IN_PORT=3320 node --import tsx test/stand-ins/youtube/main.ts`. GET /health answers.
const port = Number(process.env.YOUTUBE_STAND_IN_PORT ?? 0);
const standIn = await startYoutubeStandIn({ port });
process.stdout.write(`listening on ${standIn.port}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

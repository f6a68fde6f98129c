import { startOAuthStandIns } from "./server";
import { standInClients } from "./test-clients";

// Playwright's webServer for the sign-in stand-ins: `node --import tsx test/stand-ins/oauth/main.ts`
// with OAUTH_STAND_IN_PORT and OAUTH_STAND_IN_APPLE_PUBLIC_KEY (the public half of the app's Apple key).
const port = Number(process.env.OAUTH_STAND_IN_PORT ?? 3311);
const applePublicKey = process.env.OAUTH_STAND_IN_APPLE_PUBLIC_KEY;
if (!applePublicKey) {
  process.stderr.write("OAUTH_STAND_IN_APPLE_PUBLIC_KEY is required (SPKI PEM)\n");
  process.exit(2);
}
const standIns = await startOAuthStandIns({ port, clients: standInClients(applePublicKey) });
process.stdout.write(`OAuth stand-ins listening on ${standIns.url}\n`);
const stop = () => void standIns.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

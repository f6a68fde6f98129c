import { banUser, grantAdmin, revokeAdmin, unbanUser } from "../core/accounts/mutations";
import { openDatabase } from "../infra/db/client";
import { parseEnv } from "../runtime/env";

// `npm run admin -- grant EMAIL | revoke EMAIL | ban EMAIL [reason] | unban EMAIL`.
// With the embedded database, stop `npm start` first: PGlite belongs to one process at a time.
const usage = "usage: npm run admin -- grant|revoke|unban EMAIL | ban EMAIL [reason...]";

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (!command || !email?.includes("@")) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const db = database.db;
    let found: boolean;
    if (command === "grant") found = (await grantAdmin(db, { emails: [email] })) > 0;
    else if (command === "revoke") found = await revokeAdmin(db, { email });
    else if (command === "ban") found = await banUser(db, { email, reason: rest.join(" ") || null, expiresAt: null });
    else if (command === "unban") found = await unbanUser(db, { email });
    else {
      process.stderr.write(`${usage}\n`);
      return 2;
    }
    process.stdout.write(found ? `${command}: done for ${email}\n` : `${command}: no account with the e-mail ${email}\n`);
    return found ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

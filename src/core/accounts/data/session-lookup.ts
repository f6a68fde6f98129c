import { eq, sql } from "drizzle-orm";
import { session, user } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";

// The one query a signed-in call makes to know who is calling (issue 22): the session by its token, with
// what every call checks about its user. Prepared once per database: parsing and planning are paid once.

export interface SessionRow {
  userId: string;
  expiresAt: Date;
  role: string;
  banned: boolean;
  banExpires: Date | null;
}

const columns = {
  userId: session.userId,
  expiresAt: session.expiresAt,
  role: user.role,
  banned: user.banned,
  banExpires: user.banExpires,
};

function prepare(db: Database) {
  return db
    .select(columns)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_by_token");
}

const prepared = new WeakMap<Database, ReturnType<typeof prepare>>();

/** The session with this token and its user, or null (signed out, deleted, or never issued). */
export async function findSessionByToken(db: Database, token: string): Promise<SessionRow | null> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepare(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ token });
  return row ?? null;
}

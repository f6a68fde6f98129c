import { and, desc, eq, ilike, inArray, lt, not, or, type SQL, sql } from "drizzle-orm";
import { user, userData } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";
import { usageRecords } from "~/infra/db/usage-schema";
import type { AdminUserRow, AdminUserStatusFilter } from "~/shared/admin/admin-users-api";
import { usagePeriod } from "../usage/schema";
import { encodeCursor, type PageCursor } from "./cursor";

// Reads of the admin users list (issue 20). Plan: "pro" while user_data.subscription (kept by the billing
// webhooks, see core/billing/plan.ts planIdOf) is active. Usage: the same usage_records sums as GET /user/usage.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A ban counts while it has no end or its end is ahead (as the session resolver decides). */
const banActive = sql`(${user.banned} and (${user.banExpires} is null or ${user.banExpires} > now()))`;

function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  // A substring of the e-mail or the name, in any case (an e-mail prefix is one too). Both columns have a
  // gin trigram index (migration 0017), so the planner ORs two bitmap index scans instead of reading every
  // account; a query under three characters has no trigram and scans, which is acceptable for so short a hint.
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(user.email, pattern), ilike(user.name, pattern));
}

function statusCondition(status: AdminUserStatusFilter): SQL | undefined {
  if (status === "banned") return banActive;
  if (status === "active") return not(banActive);
  if (status === "admin") return eq(user.role, "admin");
  return undefined;
}

const rowColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  createdAt: user.createdAt,
  isPro: sql<boolean>`coalesce((${userData.subscription} ->> 'isActive')::boolean, false)`,
};
interface BaseRow {
  id: string;
  email: string;
  name: string;
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: Date | null;
  createdAt: Date;
  isPro: boolean;
}

async function usageOf(db: Database, userIds: string[], at: Date) {
  if (userIds.length === 0) return new Map<string, { transcriptionMinutes: number; uploadCount: number }>();
  const rows = await db
    .select({ userId: usageRecords.userId, kind: usageRecords.kind, total: sql<number>`coalesce(sum(${usageRecords.amount}), 0)::int` })
    .from(usageRecords)
    .where(and(inArray(usageRecords.userId, userIds), eq(usageRecords.period, usagePeriod(at))))
    .groupBy(usageRecords.userId, usageRecords.kind);
  const usage = new Map(userIds.map((id) => [id, { transcriptionMinutes: 0, uploadCount: 0 }]));
  for (const row of rows) {
    const entry = usage.get(row.userId);
    if (!entry) continue;
    if (row.kind === "transcription_minutes") entry.transcriptionMinutes = Number(row.total);
    else entry.uploadCount = Number(row.total);
  }
  return usage;
}

function toRow(row: BaseRow, usage: AdminUserRow["usage"], now: Date): AdminUserRow {
  const banned = row.banned && (row.banExpires === null || row.banExpires.getTime() > now.getTime());
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.isPro ? "pro" : "free",
    usage,
    createdAt: row.createdAt.toISOString(),
    role: row.role === "admin" ? "admin" : "user",
    status: banned ? "banned" : "active",
    banReason: banned ? row.banReason : null,
    banExpires: banned && row.banExpires ? row.banExpires.toISOString() : null,
  };
}

/** Newest sign-up first, `limit` rows after the cursor; nextCursor is null on the last page. */
export async function listAdminUsers(
  db: Database,
  {
    q,
    status,
    before,
    limit,
    now = new Date(),
  }: { q?: string; status: AdminUserStatusFilter; before: PageCursor | null; limit: number; now?: Date },
): Promise<{ users: AdminUserRow[]; nextCursor: string | null }> {
  const select = (runner: Database): Promise<BaseRow[]> =>
    runner
      .select(rowColumns)
      .from(user)
      .leftJoin(userData, eq(userData.userId, user.id))
      .where(
        and(
          searchCondition(q),
          statusCondition(status),
          before ? or(lt(user.createdAt, before.createdAt), and(eq(user.createdAt, before.createdAt), lt(user.id, before.id))) : undefined,
        ),
      )
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit + 1);
  // Measured (bench/analytics-admin-search.ts, 100,000 accounts): PostgreSQL costs the gin trigram scans above
  // a sequential scan and reads every account (140 ms) where the two bitmap index scans take 5 ms. Inside its
  // own transaction the search turns sequential scans off, so the planner picks between the trigram indexes
  // (a rare substring) and walking the sign-up order index until a page matches (a common one). Under three
  // characters there is no trigram to look up and the plain plan stays.
  const rows =
    (q?.trim().length ?? 0) >= 3
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return select(tx);
        })
      : await select(db);
  const page = rows.slice(0, limit);
  const usage = await usageOf(
    db,
    page.map((row) => row.id),
    now,
  );
  const last = page.at(-1);
  return {
    users: page.map((row) => toRow(row, usage.get(row.id) ?? { transcriptionMinutes: 0, uploadCount: 0 }, now)),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** One user as a list row (after an action), or null when the id names no one. */
export async function findAdminUser(
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<AdminUserRow | null> {
  const [row]: BaseRow[] = await db
    .select(rowColumns)
    .from(user)
    .leftJoin(userData, eq(userData.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  const usage = await usageOf(db, [row.id], now);
  return toRow(row, usage.get(row.id) ?? { transcriptionMinutes: 0, uploadCount: 0 }, now);
}

/** The e-mail of a user (the acting admin's, for the audit log), or null. */
export async function findUserEmail(db: Database, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}

/** The id of an e-mail's account (the e-mail-based admin calls audit by id too), or null. */
export async function findUserIdByEmail(db: Database, { email }: { email: string }): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row?.id ?? null;
}

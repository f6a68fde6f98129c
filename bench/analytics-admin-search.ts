import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { listAdminUsers } from "../src/core/admin-users/data";
import { queryRows } from "../src/infra/db/client";
import { openTestDatabase } from "../test/support/test-databases";

// Issue 20's measure, the admin half of `npm run bench:analytics`: p50/p99 of the admin users search (the
// query GET /api/admin/users runs) over 100,000 accounts on PostgreSQL (a throwaway database on
// TEST_DATABASE_URL), for a name substring, a rare name and an e-mail prefix; then the same with the indexes of
// migration 0017 (trigram, sign-up order) dropped, to show what they buy. Run alone: `node --import tsx bench/analytics-admin-search.ts`.

export interface AdminSearchFigure {
  query: string;
  indexes: "migration 0017" | "none";
  p50Ms: number;
  p99Ms: number;
  rows: number;
}

const firstNames = ["Alex", "Maria", "João", "Lucía", "Sam", "Priya", "Chen", "Fatima", "Olga", "Kwame"];
const lastNames = ["Morgan", "Silva", "García", "Okafor", "Novak", "Tanaka", "Haddad", "Larsen", "Costa", "Ivanova"];
const queries = [
  { label: "name substring 'rgan'", q: "rgan" },
  { label: "rare name 'zebedi'", q: "zebedi" },
  { label: "e-mail prefix 'user4242'", q: "user4242" },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runAdminSearchBench({
  users = Number(process.env.BENCH_ADMIN_USERS ?? 100_000),
  runs = Number(process.env.BENCH_ADMIN_RUNS ?? 200),
  print = (line: string) => process.stdout.write(`${line}\n`),
}: {
  users?: number;
  runs?: number;
  print?: (line: string) => void;
} = {}): Promise<AdminSearchFigure[]> {
  const { handle } = await openTestDatabase("postgres");
  try {
    await handle.migrate();
    const { db } = handle;
    const seeding = performance.now();
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bench-' || i,
        case when i = ${Math.floor(users / 2)} then 'Zebediah Quux'
          else (${JSON.stringify(firstNames)}::jsonb ->> (i % ${firstNames.length})) || ' ' || (${JSON.stringify(lastNames)}::jsonb ->> ((i / ${firstNames.length}) % ${lastNames.length})) end,
        'user' || i || '@example.com', true, now() - i * interval '1 minute', now()
      from generate_series(1, ${users}) i`);
    await db.execute(sql`analyze "user"`);
    print(`admin search: ${users.toLocaleString("en")} users seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const figures: AdminSearchFigure[] = [];
    const measure = async (indexes: AdminSearchFigure["indexes"]) => {
      for (const { label, q } of queries) {
        // Warm the cache and the plan first: the figure is the steady state an admin typing sees.
        for (let i = 0; i < 5; i += 1) await listAdminUsers(db, { q, status: "all", before: null, limit: 25 });
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < runs; i += 1) {
          const started = performance.now();
          const page = await listAdminUsers(db, { q, status: "all", before: null, limit: 25 });
          times.push(performance.now() - started);
          rows = page.users.length;
        }
        times.sort((a, b) => a - b);
        const figure = { query: label, indexes, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), rows };
        figures.push(figure);
        print(`admin search [${indexes}] ${label}: p50 ${figure.p50Ms.toFixed(2)} ms, p99 ${figure.p99Ms.toFixed(2)} ms (${rows} rows)`);
      }
    };
    // The plans the search runs (listAdminUsers turns sequential scans off for a search of 3+ characters).
    for (const { label, q } of queries) {
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ "QUERY PLAN": string }>(
          tx,
          sql`explain select id from "user" where email ilike ${`%${q}%`} or name ilike ${`%${q}%`} order by created_at desc, id desc limit 26`,
        );
      });
      print(`admin search plan, ${label}: ${plan.map((row) => row["QUERY PLAN"].trim()).join(" | ")}`);
    }
    await measure("migration 0017");
    await db.execute(sql`drop index user_email_trgm_idx`);
    await db.execute(sql`drop index user_name_trgm_idx`);
    await db.execute(sql`drop index user_created_idx`);
    await measure("none");
    return figures;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runAdminSearchBench();

import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { createLogger } from "../src/infra/logging/logger";
import { parseEnv } from "../src/runtime/env";
import { startWeb } from "../src/server/start-web";
import { openTestDatabase } from "../test/support/test-databases";
import { signedInCookie } from "./support/signed-in-cookie";

// `npm run bench:api` (issue 5, search and session figures issue 22): the notes list on PostgreSQL with 100k
// notes seeded for one user (the deepest a user's list gets, each with a transcript and AI notes) plus other
// users' notes around them. Prints p50/p99 latency at a fixed
// 1,000 req/s (goal: p99 <= 25 ms on loopback) and the most req/s the web process gives, for the first
// page and for pages deep in the list (cursors). Needs TEST_DATABASE_URL (bash .ci/run starts one).
const noteCount = Number(process.env.BENCH_NOTES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rate = Number(process.env.BENCH_RATE ?? 1_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const { handle } = await openTestDatabase("postgres");
const web = await startWeb(
  parseEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    // No first-use language-model download from Hugging Face in a benchmark.
    LLM_DOWNLOAD: "false",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    AUTH_RATE_LIMIT_SCALE: "1000",
    EMBEDDED_WORKER: "false",
  }),
  createLogger("silent"),
  { database: handle },
);
try {
  const cookie = await signedInCookie(web);
  const me = (await (await fetch(`${web.url}/api/user`, { headers: { Cookie: cookie } })).json()) as {
    payload?: { userId?: string };
    userId?: string;
  };
  const userId = me.payload?.userId ?? me.userId;
  if (!userId) throw new Error("could not read the bench user's id");

  const seeding = performance.now();
  // Other users' notes share the table and its indexes: 20 users with noteCount/20 notes each.
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-other-' || i, 'Other ' || i, 'other' || i || '@example.com', true, now(), now() from generate_series(1, 20) i`);
  await handle.db.execute(sql`
    insert into notes (user_id, type, title, source, transcription_code, created_at)
    select ${userId}, (array['meeting','recording','file','document','text','youtube'])[1 + i % 6], 'Weekly sync ' || i,
      '{"kind":"text"}'::jsonb, 'transcription_ready', now() - i * interval '1 minute'
    from generate_series(1, ${noteCount}) i`);
  await handle.db.execute(sql`
    insert into notes (user_id, type, title, source, transcription_code, created_at)
    select 'bench-other-' || (1 + i % 20), 'text', 'Other note ' || i, '{"kind":"text"}'::jsonb, 'transcription_ready', now() - i * interval '1 minute'
    from generate_series(1, ${noteCount}) i`);
  // Every note of the user has a transcript (3 segments with a speaker) and AI notes, so search has what a
  // real account gives it; one segment, deep in the list, holds a word no other note says.
  await handle.db.execute(sql`
    insert into transcript_segments (note_id, position, start_seconds, end_seconds, text, speaker)
    select n.id, p, p * 10, p * 10 + 9,
      'We reviewed the roadmap for sprint ' || (row_number() over ()) || ' and agreed on the release checklist item ' || p,
      'Speaker ' || (1 + p % 2)
    from notes n cross join generate_series(0, 2) p where n.user_id = ${userId}`);
  await handle.db.execute(sql`
    insert into ai_notes (note_id, template, language, content, engine)
    select n.id, 'general', 'en', jsonb_build_object('summary', 'Roadmap review and release checklist for ' || n.title,
      'keyPoints', jsonb_build_array('Release checklist agreed'), 'decisions', '[]'::jsonb, 'actionItems', '[]'::jsonb, 'chapters', '[]'::jsonb),
      'bench'
    from notes n where n.user_id = ${userId}`);
  await handle.db.execute(sql`
    update transcript_segments set text = text || ' zanzibar' where position = 1 and note_id = (
      select id from notes where user_id = ${userId} order by created_at desc offset ${Math.floor(noteCount * 0.8)} limit 1)`);
  // As autovacuum would have done by the time anyone searches: statistics, and GIN pending lists merged.
  for (const table of ["notes", "transcript_segments", "ai_notes"]) await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
  process.stdout.write(
    `seeded ${noteCount} notes for the user + ${noteCount} for 20 others in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`,
  );

  // Cursors spread through the whole list: deep pages cost the same as the first if the index is used.
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : "?limit=100";
    const body = (await (await fetch(`${web.url}/api/notes${query}`, { headers: { Cookie: cookie } })).json()) as {
      nextCursor: string | null;
    };
    if (!body.nextCursor) break;
    cursors.push(body.nextCursor);
    cursor = body.nextCursor;
  }

  async function run(
    label: string,
    paths: string[],
    overallRate?: number,
    headers: Record<string, string> = { Cookie: cookie },
  ): Promise<void> {
    const result = await autocannon({
      url: web.url,
      // The load generator runs in its own thread, not on the event loop of the server it measures; each
      // connection walks the paths in turn (static requests, so the worker thread can take them).
      workers: 1,
      connections,
      duration: seconds,
      ...(overallRate ? { overallRate } : {}),
      headers,
      requests: paths.map((path) => ({ method: "GET" as const, path })),
    });
    const failed = result.non2xx + result.errors + result.timeouts;
    process.stdout.write(
      `${label.padEnd(44)} p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  ` +
        `${result.requests.average.toFixed(0)} req/s  (${result.requests.total} requests, ${failed} failed)\n`,
    );
  }

  const firstPage = ["/api/notes?limit=20"];
  const deepPages = cursors.map((value) => `/api/notes?limit=20&cursor=${encodeURIComponent(value)}`);
  // Baselines: the framework alone, and a signed-in call that reads nothing else (the session's cost).
  await run("GET /api/health (anonymous), as fast as it goes", ["/api/health"], undefined, {});
  await run("GET /api/user/usage (session), as fast as it goes", ["/api/user/usage"]);
  await run(`first page at ${rate} req/s`, firstPage, rate);
  await run(`deep pages at ${rate} req/s`, deepPages, rate);
  await run("first page, as fast as it goes", firstPage);
  await run("deep pages, as fast as it goes", deepPages);
  await run("search 'sync 4242' at 100 req/s", ["/api/notes?limit=20&q=sync%204242"], 100);
  // A word one transcript segment of 100k notes says: an index lookup, not a walk through the user's notes.
  await run("search a rare word, as fast as it goes", ["/api/notes?limit=20&q=zanzibar"]);
  await run("search a common word at 100 req/s", ["/api/notes?limit=20&q=roadmap"], 100);
} finally {
  // Stopping the web closes its database, which drops the bench database.
  await web.stop();
}

import { userIdOf } from "../test/support/seed-notes";
import { verifiedClient } from "../test/support/test-web";
import {
  type BenchPlatform,
  connectionRow,
  consentCallback,
  eventRows,
  isSyncPending,
  requestDelta,
  sampleMemory,
  startCalendarBenchWeb,
  syncRunsSince,
  until,
} from "./support/calendar-bench-web";

// `npm run bench:calendar` (issue 18): against the calendar stand-in, a web process on PostgreSQL with push
// on (needs TEST_DATABASE_URL, as bench:api). Per provider, a calendar of BENCH_CALENDAR_EVENTS events in
// the sync window: (a) the full sync after connect, (b) the incremental sync after BENCH_CALENDAR_CHANGES
// events change at once (the pushes as the provider sends them, coalesced by the app as it does), both
// timed from the trigger until the rows are written and no sync of the connection is left, with the
// provider requests (the stand-in's counts) and peak memory of this process, which hosts the web, the
// stand-in and the bench alike (so "base" is printed too); (c) BENCH_CALENDAR_MOVES moves (each provider) pushed one at a
// time: the delay until the row is updated in the database and until GET /api/calendar/event (polled
// every BENCH_CALENDAR_POLL_MS as the open page would, on the week of the event) returns it. Prints a table.
const eventCount = Number(process.env.BENCH_CALENDAR_EVENTS ?? 2_000);
const changeCount = Number(process.env.BENCH_CALENDAR_CHANGES ?? 20);
const moveCount = Number(process.env.BENCH_CALENDAR_MOVES ?? 15);
const pollMs = Number(process.env.BENCH_CALENDAR_POLL_MS ?? 25);
const days = 14;
const hourMs = 3_600_000;

const providers = [
  { platform: "google_calendar" as BenchPlatform, provider: "google" as const, label: "Google" },
  { platform: "microsoft_outlook" as BenchPlatform, provider: "microsoft" as const, label: "Outlook" },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const total = (requests: Record<string, number>) => Object.values(requests).reduce((sum, count) => sum + count, 0);
const pages = (requests: Record<string, number>) =>
  Object.entries(requests)
    .filter(([route]) => route.startsWith("GET") && (route.endsWith("/events") || route.includes("/delta")))
    .reduce((sum, [, count]) => sum + count, 0);
const rows: string[][] = [];
const phaseRow = (
  label: string,
  wallMs: number,
  work: { runs: number; workSeconds: number },
  requests: Record<string, number>,
  used: ReturnType<ReturnType<typeof sampleMemory>["stop"]>,
) => [
  label,
  `${(wallMs / 1000).toFixed(2)} s (${work.runs} run${work.runs === 1 ? "" : "s"}, ${work.workSeconds.toFixed(2)} s in the job)`,
  `${total(requests)} (${pages(requests)} pages)`,
  `${used.peakRssMb.toFixed(0)} (base ${used.baseRssMb.toFixed(0)})`,
  `${used.peakHeapMb.toFixed(0)} (base ${used.baseHeapMb.toFixed(0)}, kept ${used.keptHeapMb.toFixed(0)})`,
];
const say = (line: string) => process.stdout.write(`${line}\n`);

const bench = await startCalendarBenchWeb();
const { web, standIn } = bench;
try {
  for (const { platform, provider, label } of providers) {
    const email = `bench-${provider}@example.com`;
    const client = await verifiedClient(web, email);
    const userId = await userIdOf(web.database.db, email);
    const ids = standIn.generateEvents(provider, { email, count: eventCount, from: new Date(Date.now() + hourMs).toISOString(), days });

    // (a) Full sync: from the OAuth callback (which queues it) to the rows written and push opened.
    const callback = await consentCallback(client, platform);
    let before = standIn.state(email).requests;
    let memory = sampleMemory();
    let started = performance.now();
    let startedAt = Date.now();
    await callback();
    await until(async () => {
      const row = await connectionRow(web, userId, platform);
      return Boolean(row?.lastSyncedAt && row.pushId) && !(await isSyncPending(web, row?.id ?? ""));
    });
    let wall = performance.now() - started;
    let used = memory.stop();
    let requests = requestDelta(before, standIn.state(email).requests);
    const connectionId = (await connectionRow(web, userId, platform))?.id ?? "";
    rows.push(
      phaseRow(`${label} full sync (${eventCount} events)`, wall, await syncRunsSince(web, connectionId, startedAt), requests, used),
    );
    say(`${label} full sync requests: ${JSON.stringify(requests)}`);

    // (b) Incremental: `changeCount` events retitled at once; each change pushes, the app syncs.
    await standIn.settled();
    const changed = Array.from({ length: changeCount }, (_, index) => ids[Math.floor((index * ids.length) / changeCount)] ?? "");
    before = standIn.state(email).requests;
    memory = sampleMemory();
    started = performance.now();
    startedAt = Date.now();
    for (const id of changed) standIn.patchEvent(provider, id, { title: `Changed ${id.slice(-6)}` });
    await until(async () => {
      const current = await eventRows(web, connectionId, changed);
      return current.length === changed.length && current.every((row) => row.title.startsWith("Changed"));
    });
    // Pushes still on their way would queue one more sync: it belongs to this phase.
    await standIn.settled();
    await until(async () => !(await isSyncPending(web, connectionId)));
    wall = performance.now() - started;
    used = memory.stop();
    requests = requestDelta(before, standIn.state(email).requests);
    rows.push(
      phaseRow(`${label} incremental (${changeCount} changed)`, wall, await syncRunsSince(web, connectionId, startedAt), requests, used),
    );
    say(`${label} incremental requests: ${JSON.stringify(requests)}`);

    // (c) Push -> database -> API, one move at a time (each settled before the next).
    const toDb: number[] = [];
    const toApi: number[] = [];
    // What each poll of the open page costs: its latency and size, and the events in the week.
    const weekCalls: { ms: number; bytes: number }[] = [];
    let weekEvents = 0;
    // Events of the first five days, so each one's week (from its day's start) is what the page shows.
    const movable = ids.slice(0, Math.floor((ids.length * 5) / days));
    memory = sampleMemory();
    for (let move = 0; move < moveCount; move++) {
      await standIn.settled();
      await until(async () => !(await isSyncPending(web, connectionId)));
      const id = movable[Math.floor((move * movable.length) / moveCount)] ?? "";
      const [row] = await eventRows(web, connectionId, [id]);
      if (!row) throw new Error(`event ${id} not synced`);
      const startMs = row.startsAt.getTime() + 15 * 60_000;
      const dayStart = new Date(startMs);
      dayStart.setUTCHours(0, 0, 0, 0);
      const week = `/calendar/event?startDate=${dayStart.toISOString()}&endDate=${new Date(dayStart.getTime() + 7 * 24 * hourMs).toISOString()}`;
      const moved = performance.now();
      standIn.patchEvent(provider, id, { start: new Date(startMs).toISOString(), end: new Date(startMs + 30 * 60_000).toISOString() });
      await Promise.all([
        until(async () => (await eventRows(web, connectionId, [id]))[0]?.startsAt.getTime() === startMs, { everyMs: 5 }).then(() =>
          toDb.push(performance.now() - moved),
        ),
        until(
          async () => {
            const asked = performance.now();
            const text = await (await client.api("GET", week)).text();
            weekCalls.push({ ms: performance.now() - asked, bytes: text.length });
            const body = JSON.parse(text) as { events: { data: { eventId: string; start: string } }[] };
            weekEvents = body.events.length;
            return body.events.some((event) => event.data.eventId === id && Date.parse(event.data.start) === startMs);
          },
          { everyMs: pollMs },
        ).then(() => toApi.push(performance.now() - moved)),
      ]);
    }
    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;
    used = memory.stop();
    const peaks = [
      `${used.peakRssMb.toFixed(0)} (base ${used.baseRssMb.toFixed(0)})`,
      `${used.peakHeapMb.toFixed(0)} (base ${used.baseHeapMb.toFixed(0)}, kept ${used.keptHeapMb.toFixed(0)})`,
    ];
    rows.push([`${label} push -> row updated (${moveCount} moves)`, `p50 ${ms(toDb, 50)}  p99 ${ms(toDb, 99)}`, "", ...peaks]);
    rows.push([`${label} push -> GET /calendar/event (poll ${pollMs} ms)`, `p50 ${ms(toApi, 50)}  p99 ${ms(toApi, 99)}`, "", ...peaks]);
    const latencies = weekCalls.map((call) => call.ms);
    const kb = (weekCalls.reduce((sum, call) => sum + call.bytes, 0) / Math.max(1, weekCalls.length) / 1024).toFixed(0);
    rows.push([
      `${label} one GET /calendar/event of a week (${weekEvents} events, ${kb} KB, ${weekCalls.length} calls)`,
      `p50 ${ms(latencies, 50)}  p99 ${ms(latencies, 99)}`,
      "",
      "",
      "",
    ]);
  }

  const header = ["", "wall time (sync runs, their time in the worker)", "provider requests", "peak RSS MB", "peak heap MB"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  say("");
  for (const row of [header, ...rows])
    say(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    );
} finally {
  await bench.stop();
}

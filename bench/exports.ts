import { toDocx } from "../src/core/exports/docx-export";
import { toPdf } from "../src/core/exports/pdf-export";
import { toSrt, toVtt } from "../src/core/exports/subtitle-export";
import { toPlainText } from "../src/core/exports/text-export";
import { parseSrt } from "../test/support/export-readers";
import { catalogLabels, twoHourMeeting } from "../test/support/export-samples";

// `npm run bench:exports`: time and size of each export of a 2-hour transcript (1,800 segments, two
// speakers) and the SRT read back, median of BENCH_RUNS (5). The unit tests check what the files say;
// how fast they are written is measured here, not asserted there (a loaded CI box is not a stopwatch).
const runs = Number(process.env.BENCH_RUNS ?? 5);
const note = twoHourMeeting();
const labels = await catalogLabels("en", note);
const print = (line: string) => process.stdout.write(`${line}\n`);

async function measure(name: string, work: () => Promise<number> | number, unit = "bytes"): Promise<void> {
  const times: number[] = [];
  let size = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    size = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  print(
    `${name.padEnd(26)} median ${median.toFixed(1).padStart(8)} ms   max ${(times.at(-1) ?? 0).toFixed(1).padStart(8)} ms   ${size} ${unit}`,
  );
}

print(`2-hour transcript, ${note.segments.length} segments, ${runs} runs each`);
await measure("text (all)", () => toPlainText(note, { content: "all", labels }).length);
await measure("srt", () => toSrt(note.segments).length);
await measure("vtt", () => toVtt(note.segments).length);
const srt = toSrt(note.segments);
await measure("srt parsed (test reader)", () => parseSrt(srt, ["Ana", "Bruno"]).length, "cues");
await measure("pdf (all)", async () => (await toPdf(note, { content: "all", labels })).length);
await measure("docx (all)", async () => (await toDocx(note, { content: "all", labels })).length);

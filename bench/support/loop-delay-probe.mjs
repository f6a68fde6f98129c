import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

// Loaded into a benchmarked process with `--import` (NODE_OPTIONS): how long its event loop was held up.
// Each SIGUSR2 prints `loop-delay#N {json}` (delay p50/p99/max in ms and the loop's utilisation since the
// previous signal) and starts over, so the first signal marks where the measured part begins. With
// LOOP_PROBE_CPU_PROFILE=<file>, a V8 CPU profile runs from the first signal to the second and is written
// there (NODE_OPTIONS may not carry --cpu-prof). Plain JavaScript: it loads before tsx does.

// The histogram holds the time between ticks of a 1 ms timer; the delay is what exceeds the 1 ms.
const resolutionMs = 1;
const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
histogram.enable();
let utilisation = performance.eventLoopUtilization();
let count = 0;
const ms = (nanoseconds) => Math.max(0, Math.round(nanoseconds / 1e4 - resolutionMs * 100) / 100);

const profileFile = process.env.LOOP_PROBE_CPU_PROFILE;
const inspector = profileFile ? new Session() : null;
inspector?.connect();
const post = (method) =>
  new Promise((resolve, reject) => inspector?.post(method, (error, result) => (error ? reject(error) : resolve(result))));

process.on("SIGUSR2", async () => {
  count += 1;
  const used = performance.eventLoopUtilization(utilisation);
  const figures = {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    utilisation: Math.round(used.utilization * 100) / 100,
  };
  histogram.reset();
  utilisation = performance.eventLoopUtilization();
  if (inspector && count === 1) {
    await post("Profiler.enable");
    await post("Profiler.start");
  } else if (inspector && count === 2) {
    const { profile } = await post("Profiler.stop");
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  process.stdout.write(`loop-delay#${count} ${JSON.stringify(figures)}\n`);
});

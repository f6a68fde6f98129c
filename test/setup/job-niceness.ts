import { setJobNiceness } from "../../src/infra/priority/child-priority";

// Children spawned outside a runtime's job dependencies (engine and ffmpeg unit tests) follow the same
// test setting as the roles do (vitest.config.ts: JOB_NICENESS=0).
setJobNiceness(Number(process.env.JOB_NICENESS ?? 0));

import { type Logger, pino } from "pino";

export type { Logger };

/** Structured JSON logs; one logger per process, children carry the request id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}

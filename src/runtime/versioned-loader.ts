import type { Logger } from "../infra/logging/logger";
import type { EngineConfig } from "./engine-settings";
import type { Env } from "./env";

// One engine instance per process that follows the stored engine choice without a restart (issue 19): each
// call asks the configuration's version (cached ~2 s), and a changed version builds the engine again from the
// new effective Env and closes the old one. A failed build is tried again on the next call.

export function createVersionedLoader<T>(
  config: EngineConfig,
  build: (env: Env) => Promise<T>,
  { logger, what, close }: { logger: Logger; what: string; close?: (value: T) => Promise<void> },
): () => Promise<T> {
  let current: { version: string; value: Promise<T> } | null = null;
  return async () => {
    const version = await config.version();
    // Checked after the await and set before the next one: concurrent callers share one build.
    if (current?.version === version) return current.value;
    const previous = current;
    const next = { version, value: config.env().then(build) };
    current = next;
    next.value.catch(() => {
      if (current === next) current = null;
    });
    if (previous) {
      logger.info({ engine: what }, "engine settings changed: the engine is chosen again");
      // A job still running on the old engine may fail with it; jobs are retried, and a local model must not
      // stay in memory beside its successor.
      if (close)
        void previous.value
          .then(close)
          .catch((error: unknown) => logger.warn({ err: error, engine: what }, "closing the previous engine failed"));
    }
    return next.value;
  };
}

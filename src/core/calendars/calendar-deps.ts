import type { PgBoss } from "pg-boss";
import type { Database } from "~/infra/db/client";
import type { Logger } from "~/infra/logging/logger";
import type { TokenCipher } from "~/infra/oauth/token-crypto";
import type { CalendarSettings } from "./settings";

/** What calendar connect, sync and push need; built once per process (runtime/job-deps.ts createCalendarDeps). */
export interface CalendarDeps {
  db: Database;
  boss: PgBoss;
  settings: CalendarSettings;
  /** Seals provider tokens at rest (AES-256-GCM, key from TOKEN_ENCRYPTION_KEY or the auth secret). */
  cipher: TokenCipher;
  logger: Logger;
  /** Tests and the bench may count requests; production uses the global fetch. */
  fetcher?: typeof fetch;
  /**
   * Runs after every successful sync, join toggle and preference change of a user: the auto-join
   * dispatcher plugs in here so a due event gets its bot at once (default: nothing).
   */
  afterCalendarChange(input: { userId: string }): Promise<void>;
}

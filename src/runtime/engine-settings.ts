import { engineConfigVersion, listEngineSettings, type StoredEngineSetting } from "../core/engines/data";
import type { Database } from "../infra/db/client";
import type { Logger } from "../infra/logging/logger";
import type { TokenCipher } from "../infra/oauth/token-crypto";
import { type Env, envSchema } from "./env";

// The engines' effective settings (issue 19): the environment wins over the database, which wins over the
// defaults. Admins store choices under the variables' own names (engine_settings), so one merge gives every
// engine factory the Env it always took; a variable the operator set in the environment is locked.

export const transcriptionVariables = [
  "SPEECH_ENGINE",
  "OPENAI_AUDIO_BASE_URL",
  "OPENAI_AUDIO_API_KEY",
  "OPENAI_AUDIO_MODEL",
  "SPEECH_LANGUAGES",
  "WHISPER_CPP_MODEL",
] as const;
export const languageModelVariables = ["LLM_ENGINE", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_CONTEXT_TOKENS"] as const;
export const embeddingsVariables = ["EMBEDDINGS_BASE_URL", "EMBEDDINGS_API_KEY", "EMBEDDINGS_MODEL"] as const;
export const engineVariables = [...transcriptionVariables, ...languageModelVariables, ...embeddingsVariables] as const;
export type EngineVariable = (typeof engineVariables)[number];

/** API keys: sealed at rest, never sent back to the browser. */
export const secretEngineVariables: ReadonlySet<string> = new Set(["OPENAI_AUDIO_API_KEY", "LLM_API_KEY", "EMBEDDINGS_API_KEY"]);

const engineEnvSchema = envSchema.pick({
  SPEECH_ENGINE: true,
  OPENAI_AUDIO_BASE_URL: true,
  OPENAI_AUDIO_API_KEY: true,
  OPENAI_AUDIO_MODEL: true,
  SPEECH_LANGUAGES: true,
  WHISPER_CPP_MODEL: true,
  LLM_ENGINE: true,
  LLM_BASE_URL: true,
  LLM_API_KEY: true,
  LLM_MODEL: true,
  LLM_CONTEXT_TOKENS: true,
  EMBEDDINGS_BASE_URL: true,
  EMBEDDINGS_API_KEY: true,
  EMBEDDINGS_MODEL: true,
});

export function isEngineVariable(name: string): name is EngineVariable {
  return (engineVariables as readonly string[]).includes(name);
}

/** The engine variables the process's environment sets (an empty value counts as unset, as parseEnv does). */
export function lockedEngineVariables(environment: Record<string, string | undefined>): ReadonlySet<EngineVariable> {
  return new Set(engineVariables.filter((name) => environment[name] !== undefined && environment[name] !== ""));
}

/**
 * `base` (parsed from the environment, defaults filled in) with each stored value the environment does not
 * lock. A stored value that no longer parses (a rule changed) is skipped and reported, never fatal.
 */
export function mergeEngineEnv(
  base: Env,
  stored: Readonly<Record<string, string>>,
  locked: ReadonlySet<string>,
  onInvalid: (name: string, problem: string) => void = () => {},
): Env {
  const chosen: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (!isEngineVariable(name) || locked.has(name)) continue;
    const parsed = engineEnvSchema.shape[name].safeParse(value);
    if (parsed.success) chosen[name] = parsed.data;
    else onInvalid(name, parsed.error.issues[0]?.message ?? "invalid");
  }
  return { ...base, ...chosen };
}

/** Where the engines read their settings: one per process, shared by the loaders, the report and the API. */
export interface EngineConfig {
  /** The variables the environment sets (they win; the API refuses to change them). */
  readonly locked: ReadonlySet<string>;
  /** The effective Env: environment over database over defaults. */
  env(): Promise<Env>;
  /** Changes when a stored setting or a finished model download changes (cached ~2 s per process). */
  version(): Promise<string>;
  /** The stored rows (secrets sealed), for the report's "who set it, when". */
  settings(): Promise<StoredEngineSetting[]>;
  /** This process changed a setting: the next read asks the database at once. */
  invalidate(): void;
  /** Seals an API key for storage (the provider-token cipher); a static configuration stores nothing. */
  seal(plain: string): string;
}

/** A fixed configuration (tools, benches, tests that need no database). */
export function staticEngineConfig(env: Env): EngineConfig {
  return {
    locked: new Set(engineVariables),
    env: async () => env,
    version: async () => "static",
    settings: async () => [],
    invalidate: () => {},
    seal: () => {
      throw new Error("a fixed engine configuration stores nothing");
    },
  };
}

export function createEngineConfig({
  db,
  env,
  environment,
  cipher,
  logger,
  cacheMs = 2000,
}: {
  db: Database;
  env: Env;
  /** The raw variables the process was started with (process.env). */
  environment: Record<string, string | undefined>;
  cipher: TokenCipher;
  logger: Logger;
  cacheMs?: number;
}): EngineConfig {
  const locked = lockedEngineVariables(environment);
  let checked: { version: string; at: number } | null = null;
  let merged: { version: string; env: Promise<Env> } | null = null;

  async function version(): Promise<string> {
    if (checked && Date.now() - checked.at < cacheMs) return checked.version;
    try {
      checked = { version: await engineConfigVersion(db), at: Date.now() };
    } catch (error) {
      // A database hiccup keeps the engines as they are rather than failing every job.
      if (!checked) throw error;
      logger.warn({ err: error }, "engine settings: version check failed, keeping the current engines");
      checked = { ...checked, at: Date.now() };
    }
    return checked.version;
  }

  async function build(): Promise<Env> {
    const stored: Record<string, string> = {};
    for (const row of await listEngineSettings(db)) {
      if (!row.isSecret) stored[row.name] = row.value;
      else {
        try {
          stored[row.name] = cipher.decrypt(row.value);
        } catch {
          logger.warn({ variable: row.name }, "engine settings: a stored key cannot be opened (the encryption key changed); ignored");
        }
      }
    }
    return mergeEngineEnv(env, stored, locked, (name, problem) =>
      logger.warn({ variable: name, problem }, "engine settings: a stored value is invalid; ignored"),
    );
  }

  return {
    locked,
    version,
    async env() {
      const current = await version();
      if (merged?.version !== current) {
        const next = { version: current, env: build() };
        next.env.catch(() => {
          if (merged === next) merged = null;
        });
        merged = next;
      }
      return merged.env;
    },
    settings: () => listEngineSettings(db),
    invalidate() {
      checked = null;
    },
    seal: (plain) => cipher.encrypt(plain),
  };
}

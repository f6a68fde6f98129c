import { describe, expect, it } from "vitest";
import { createLogger } from "../infra/logging/logger";
import { lockedEngineVariables, mergeEngineEnv, staticEngineConfig } from "./engine-settings";
import { parseEnv } from "./env";
import { createVersionedLoader } from "./versioned-loader";

// Issue 19: the environment wins over stored choices, which win over the defaults; engines follow a change.
describe("effective engine settings", () => {
  const environment = { LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_API_KEY: "" };
  const base = parseEnv(environment);

  it("locks only the engine variables the environment sets (an empty one counts as unset)", () => {
    expect([...lockedEngineVariables({ ...environment, PORT: "3000" })]).toEqual(["LLM_BASE_URL"]);
  });

  it("takes stored values over defaults, never over the environment, parsed as the variables are", () => {
    const invalid: string[] = [];
    const env = mergeEngineEnv(
      base,
      {
        LLM_BASE_URL: "http://elsewhere:8000/v1",
        LLM_MODEL: "qwen2.5:1.5b",
        LLM_CONTEXT_TOKENS: "16384",
        SPEECH_LANGUAGES: "en, es",
        SPEECH_ENGINE: "shouting",
        PORT: "1",
      },
      lockedEngineVariables(environment),
      (name) => invalid.push(name),
    );
    expect(env.LLM_BASE_URL).toBe("http://127.0.0.1:11434/v1");
    expect(env.LLM_MODEL).toBe("qwen2.5:1.5b");
    expect(env.LLM_CONTEXT_TOKENS).toBe(16384);
    expect(env.SPEECH_LANGUAGES).toEqual(["en", "es"]);
    // Not an engine variable, or not a valid value: the base stays.
    expect(env.PORT).toBe(base.PORT);
    expect(env.SPEECH_ENGINE).toBe("auto");
    expect(invalid).toEqual(["SPEECH_ENGINE"]);
  });
});

describe("versioned engine loader", () => {
  const logger = createLogger("silent");

  it("keeps one instance per version, builds again when the version changes and closes the old one", async () => {
    let version = "1";
    const config = { ...staticEngineConfig(parseEnv({})), version: async () => version };
    const closed: number[] = [];
    let built = 0;
    const load = createVersionedLoader(config, async () => ++built, {
      logger,
      what: "test",
      close: async (value) => void closed.push(value),
    });
    const [first, again] = await Promise.all([load(), load()]);
    expect([first, again, await load()]).toEqual([1, 1, 1]);
    version = "2";
    expect(await load()).toBe(2);
    await Promise.resolve();
    expect(closed).toEqual([1]);
  });

  it("tries a failed build again on the next call", async () => {
    let attempts = 0;
    const load = createVersionedLoader(
      staticEngineConfig(parseEnv({})),
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("endpoint down");
        return "engine";
      },
      { logger, what: "test" },
    );
    await expect(load()).rejects.toThrow("endpoint down");
    expect(await load()).toBe("engine");
  });
});

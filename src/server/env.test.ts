import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs with no environment at all: embedded defaults", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
      EMBEDDED_WORKER: true,
    });
  });

  it("switches to PostgreSQL with DATABASE_URL and reads the other settings", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://u:p@db:5432/parley",
      PORT: "8080",
      EMBEDDED_WORKER: "false",
      PUBLIC_URL: "https://notes.example.com",
    });
    expect(env).toMatchObject({
      DATABASE_URL: "postgres://u:p@db:5432/parley",
      PORT: 8080,
      EMBEDDED_WORKER: false,
      PUBLIC_URL: "https://notes.example.com",
    });
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" })).toMatchObject({ PORT: 3000 });
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /PORT: /],
    [{ PORT: "70000" }, /PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL: /],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL: /],
    [{ EMBEDDED_WORKER: "yes" }, /EMBEDDED_WORKER: /],
  ])("names the variable of a bad value: %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("lists every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "x", LOG_LEVEL: "y" })).toThrow(/Invalid environment:\n {2}PORT: .*\n {2}LOG_LEVEL: /);
  });
});

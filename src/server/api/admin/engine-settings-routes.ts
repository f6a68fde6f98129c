import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { type EngineSettingWrite, saveEngineSettings } from "~/core/engines/mutations";
import type { Database } from "~/infra/db/client";
import { checkEndpoint, type EndpointKind } from "~/infra/llm/endpoint-check";
import type { EngineConfig } from "~/runtime/engine-settings";
import type { Env } from "~/runtime/env";
import type { ApiEnv } from "~/server/hono-env";
import {
  type ConfigurableCapability,
  configurableCapabilities,
  type SaveEngineSettings,
  saveEngineSettingsSchema,
  settingVariables,
  testConnectionResponseSchema,
  testConnectionSchema,
} from "~/shared/engines/engine-settings-api";
import { type EngineInfo, enginesResponseSchema } from "~/shared/engines/engines-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

// Issue 19: admins choose the AI engines on /admin/engines. Choices are stored under the variables' names;
// a variable the environment sets wins and cannot be changed here (409 naming it). API keys are sealed at
// rest and never sent back; a blank key keeps the stored one.

export interface EngineSettingsRouteDeps {
  db: Database;
  config: EngineConfig;
  /** The engines report after a change. */
  engines: () => Promise<EngineInfo[]>;
  /** Per request of the connection test (tests shorten it). */
  testTimeoutMs?: number;
}

const secretFields = new Set(["apiKey"]);

/** The variables one save writes; refuses any the environment sets. */
export function settingWrites(
  input: SaveEngineSettings,
  locked: ReadonlySet<string>,
  seal: (plain: string) => string,
): EngineSettingWrite[] {
  const variables: Record<string, string> = settingVariables[input.capability];
  const writes: EngineSettingWrite[] = [];
  for (const [field, value] of Object.entries(input.values)) {
    const name = variables[field];
    if (value === undefined || name === undefined) continue;
    const isSecret = secretFields.has(field);
    if (isSecret && value === "") continue;
    if (locked.has(name)) throw new AppError("ENGINE_SETTING_SET_BY_ENVIRONMENT", undefined, { variable: name });
    const text = value === null || value === "" ? null : String(value);
    writes.push({ name, value: text !== null && isSecret ? seal(text) : text, isSecret });
  }
  return writes;
}

function keyFor(kind: EndpointKind, env: Env): string | undefined {
  if (kind === "chat") return env.LLM_API_KEY;
  if (kind === "transcription") return env.OPENAI_AUDIO_API_KEY;
  return env.EMBEDDINGS_API_KEY;
}

const adminErrors = {
  400: errorResponse("Invalid input"),
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an admin"),
};

const saveRoute = createRoute({
  method: "put",
  path: "/admin/engines/settings",
  tags: ["admin"],
  summary: "Store an admin's engine choice for one capability (the environment still wins)",
  request: { body: { content: { "application/json": { schema: saveEngineSettingsSchema } }, required: true } },
  responses: {
    200: { description: "Saved; the engines as they are now", content: { "application/json": { schema: enginesResponseSchema } } },
    ...adminErrors,
    409: errorResponse("A variable the environment sets (ENGINE_SETTING_SET_BY_ENVIRONMENT, with `variable`)"),
  },
});

const resetRoute = createRoute({
  method: "delete",
  path: "/admin/engines/settings/{capability}",
  tags: ["admin"],
  summary: "Forget the stored choice of one capability: back to the environment and the defaults",
  request: { params: z.object({ capability: z.enum(configurableCapabilities) }) },
  responses: {
    200: { description: "Forgotten; the engines as they are now", content: { "application/json": { schema: enginesResponseSchema } } },
    ...adminErrors,
  },
});

const testRoute = createRoute({
  method: "post",
  path: "/admin/engines/test-connection",
  tags: ["admin"],
  summary: "Try an OpenAI-compatible endpoint: its model list, then one tiny request for the model",
  request: { body: { content: { "application/json": { schema: testConnectionSchema } }, required: true } },
  responses: {
    200: { description: "What the endpoint answered", content: { "application/json": { schema: testConnectionResponseSchema } } },
    ...adminErrors,
  },
});

export function engineSettingsRoutes(deps: EngineSettingsRouteDeps) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/admin/engines/*", requireUser());
  app.use("/admin/engines/*", async (c, next) => {
    if (!currentUser(c).isAdmin) throw new AppError("FORBIDDEN");
    return next();
  });
  const answer = async () => ({ success: true as const, engines: await deps.engines() });

  app.openapi(saveRoute, async (c) => {
    const input = saveEngineSettingsSchema.parse(c.req.valid("json"));
    const writes = settingWrites(input, deps.config.locked, deps.config.seal);
    if (writes.length > 0) {
      await saveEngineSettings(deps.db, { writes, userId: currentUser(c).userId });
      deps.config.invalidate();
    }
    return c.json(await answer(), 200);
  });

  app.openapi(resetRoute, async (c) => {
    const capability: ConfigurableCapability = c.req.valid("param").capability;
    const variables: string[] = Object.values(settingVariables[capability]);
    const writes = variables
      .filter((name) => !deps.config.locked.has(name))
      .map((name) => ({ name, value: null, isSecret: name.endsWith("_API_KEY") }));
    await saveEngineSettings(deps.db, { writes, userId: currentUser(c).userId });
    deps.config.invalidate();
    return c.json(await answer(), 200);
  });

  app.openapi(testRoute, async (c) => {
    const input = testConnectionSchema.parse(c.req.valid("json"));
    const apiKey = input.apiKey || keyFor(input.kind, await deps.config.env());
    const result = await checkEndpoint({ ...input, apiKey, timeoutMs: deps.testTimeoutMs });
    return c.json({ success: true as const, ...result }, 200);
  });
  return app;
}

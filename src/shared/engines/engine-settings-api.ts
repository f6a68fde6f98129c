import { z } from "zod";

// Issue 19: an admin's engine choices, stored under the environment variables' names (the environment still
// wins). PUT /api/admin/engines/settings, DELETE /api/admin/engines/settings/{capability} and
// POST /api/admin/engines/test-connection. Notes and ask-AI share one language model: saving either saves both.

export const configurableCapabilities = ["transcription", "notes", "ask", "embeddings"] as const;
export type ConfigurableCapability = (typeof configurableCapabilities)[number];

export const speechEngineChoices = ["auto", "whisper-cpp", "pocketsphinx", "openai"] as const;
export const languageModelChoices = ["auto", "openai", "llama", "none"] as const;

/** Which variable each form field writes, per capability (the UI shows a locked one read-only). */
export const settingVariables = {
  transcription: {
    engine: "SPEECH_ENGINE",
    baseUrl: "OPENAI_AUDIO_BASE_URL",
    apiKey: "OPENAI_AUDIO_API_KEY",
    model: "OPENAI_AUDIO_MODEL",
    languages: "SPEECH_LANGUAGES",
  },
  notes: { engine: "LLM_ENGINE", baseUrl: "LLM_BASE_URL", apiKey: "LLM_API_KEY", model: "LLM_MODEL", contextTokens: "LLM_CONTEXT_TOKENS" },
  ask: { engine: "LLM_ENGINE", baseUrl: "LLM_BASE_URL", apiKey: "LLM_API_KEY", model: "LLM_MODEL", contextTokens: "LLM_CONTEXT_TOKENS" },
  embeddings: { baseUrl: "EMBEDDINGS_BASE_URL", apiKey: "EMBEDDINGS_API_KEY", model: "EMBEDDINGS_MODEL" },
} as const satisfies Record<ConfigurableCapability, Record<string, string>>;

/** http(s) only; no user or password in the URL (a key goes in its own field, sealed). */
export const endpointUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((value) => {
    const url = new URL(value);
    return url.username === "" && url.password === "";
  }, "no user name or password in the URL");

// Each field: absent = unchanged, null = back to the default, a value = stored. A blank API key keeps the stored one.
const modelName = z.string().trim().min(1).max(200).nullable().optional();
const apiKey = z.string().trim().max(1000).nullable().optional();
const baseUrl = endpointUrlSchema.nullable().optional();

export const transcriptionValuesSchema = z
  .object({
    engine: z.enum(speechEngineChoices).nullable().optional(),
    baseUrl,
    apiKey,
    model: modelName,
    languages: z
      .string()
      .trim()
      .regex(/^(any|[a-z]{2,3}(\s*,\s*[a-z]{2,3})*)$/, "any, or comma-separated ISO 639-1 codes such as en,es,pt")
      .nullable()
      .optional(),
  })
  .strict();
export const languageModelValuesSchema = z
  .object({
    engine: z.enum(languageModelChoices).nullable().optional(),
    baseUrl,
    apiKey,
    model: modelName,
    contextTokens: z.number().int().min(1024).max(1_000_000).nullable().optional(),
  })
  .strict();
export const embeddingsValuesSchema = z.object({ baseUrl, apiKey, model: modelName }).strict();

export const saveEngineSettingsSchema = z
  .discriminatedUnion("capability", [
    z.object({ capability: z.literal("transcription"), values: transcriptionValuesSchema }).strict(),
    z.object({ capability: z.literal("notes"), values: languageModelValuesSchema }).strict(),
    z.object({ capability: z.literal("ask"), values: languageModelValuesSchema }).strict(),
    z.object({ capability: z.literal("embeddings"), values: embeddingsValuesSchema }).strict(),
  ])
  .meta({ id: "SaveEngineSettings" });
export type SaveEngineSettings = z.infer<typeof saveEngineSettingsSchema>;

export const endpointKinds = ["chat", "transcription", "embeddings"] as const;
export type EndpointKind = (typeof endpointKinds)[number];

export const testConnectionSchema = z
  .object({
    kind: z.enum(endpointKinds),
    baseUrl: endpointUrlSchema,
    /** Absent or blank: the key this kind of endpoint uses now (stored or from the environment), if any. */
    apiKey: z.string().trim().max(1000).optional(),
    model: z.string().trim().min(1).max(200),
  })
  .strict()
  .meta({ id: "TestEngineConnection" });
export type TestConnection = z.infer<typeof testConnectionSchema>;

export const connectionProblems = ["unreachable", "timeout", "key_refused", "model_unknown", "redirect", "error"] as const;

export const testConnectionResponseSchema = z
  .object({
    success: z.literal(true),
    ok: z.boolean(),
    problem: z.enum(connectionProblems).nullable(),
    /** The URL and what it answered, in the server's words. */
    detail: z.string(),
    models: z.array(z.string()).optional(),
  })
  .meta({ id: "TestEngineConnectionResponse" });
export type TestConnectionResponse = z.infer<typeof testConnectionResponseSchema>;

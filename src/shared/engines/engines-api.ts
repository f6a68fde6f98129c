import { z } from "zod";

// GET /api/admin/engines (issue 19, first part): what this install runs for each AI capability, where that
// choice comes from, and whether it works. Read-only: choices are made with the README's variables.

export const engineCapabilities = ["transcription", "notes", "ask", "embeddings", "speakerLabels"] as const;
export type EngineCapability = (typeof engineCapabilities)[number];

/** ok: answered or file present; unreachable: no answer in time; error: answered wrongly (reason in detail); missing: a local file is absent; off: nothing configured. */
export const engineHealthStates = ["ok", "unreachable", "error", "missing", "off"] as const;
export type EngineHealthState = (typeof engineHealthStates)[number];

export const engineInfoSchema = z
  .object({
    capability: z.enum(engineCapabilities),
    /** The engine's id as the process reports it (`whisper-cpp:ggml-base-q5_1.bin`, `openai:gpt-4o-mini`), or `none`. */
    engine: z.string(),
    /** The model (file name or served name), or null when the engine has none. */
    model: z.string().nullable(),
    /** ISO 639-1 codes it handles, `any`, or null where languages do not apply. */
    languages: z.union([z.array(z.string()), z.literal("any")]).nullable(),
    source: z.object({
      kind: z.enum(["environment", "default"]),
      /** The variables that decided it (set ones for `environment`, the one to set for `default`). */
      variables: z.array(z.string()),
    }),
    health: z.object({ state: z.enum(engineHealthStates), detail: z.string().nullable() }),
  })
  .meta({ id: "EngineInfo" });
export type EngineInfo = z.infer<typeof engineInfoSchema>;

export const enginesResponseSchema = z
  .object({ success: z.literal(true), engines: z.array(engineInfoSchema) })
  .meta({ id: "EnginesResponse" });
export type EnginesResponse = z.infer<typeof enginesResponseSchema>;

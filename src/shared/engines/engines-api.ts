import { z } from "zod";

// GET /api/admin/engines (issue 19): what this install runs for each AI capability, where that choice comes
// from (the environment, an admin's choice stored in the database, or the defaults), and whether it works.

/** `youtube`: which program reads YouTube links (`yt-dlp <version>` or `built-in`). */
export const engineCapabilities = ["transcription", "notes", "ask", "embeddings", "speakerLabels", "youtube"] as const;
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
      kind: z.enum(["environment", "database", "default"]),
      /** The variables that decided it (set ones for `environment` and `database`, the one to set for `default`). */
      variables: z.array(z.string()),
      /** `database`: the admin who saved the newest of them (e-mail; null once that account is gone) and when. */
      updatedBy: z.string().nullable(),
      updatedAt: z.iso.datetime().nullable(),
    }),
    /** The capability's variables the environment sets: they win, and the page shows them read-only. */
    lockedVariables: z.array(z.string()),
    /**
     * What the change form starts from (null for a capability with nothing to choose): the effective values
     * by form field, API keys never included, only whether one is set.
     */
    settings: z
      .object({
        values: z.record(z.string(), z.string().nullable()),
        apiKey: z.enum(["set", "unset"]),
      })
      .nullable(),
    health: z.object({ state: z.enum(engineHealthStates), detail: z.string().nullable() }),
  })
  .meta({ id: "EngineInfo" });
export type EngineInfo = z.infer<typeof engineInfoSchema>;

export const enginesResponseSchema = z
  .object({ success: z.literal(true), engines: z.array(engineInfoSchema) })
  .meta({ id: "EnginesResponse" });
export type EnginesResponse = z.infer<typeof enginesResponseSchema>;

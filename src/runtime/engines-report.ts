import { access, constants, stat } from "node:fs/promises";
import path from "node:path";
import type { StoredEngineSetting } from "~/core/engines/data";
import type { ModelDownloadRow } from "~/core/model-downloads/data";
import type { LanguageModel } from "~/infra/llm/language-model";
import { defaultLlamaModel, operatorModelPath } from "~/infra/llm/llama-model-files";
import { chatApiRoot } from "~/infra/llm/openai-client";
import { debianEnUsModelDir } from "~/infra/speech/pocketsphinx-engine";
import { type SpeechEngine, selectableLanguagesOf } from "~/infra/speech/speech-engine";
import type { EngineInfo } from "~/shared/engines/engines-api";
import { speakerLabelsInfo } from "./diarization-report";
import { embeddingsVariables, languageModelVariables, transcriptionVariables } from "./engine-settings";
import { type Env, envSchema } from "./env";
import { youtubeExtractorInfo } from "./youtube-extractor-report";

// What the admin engines page shows (issue 19, first part): for each AI capability the engine this process
// runs, its model and languages, which variables chose it, and a cheap health check: an OpenAI-compatible
// endpoint answers GET /models within 3 s, a local engine's model file is on disk. Nothing is loaded or
// downloaded here, so opening the page never starts a 1 GB download or a model load.

type Health = EngineInfo["health"];
const llmDownloadDefault = envSchema.shape.LLM_DOWNLOAD.parse(undefined);
type Source = EngineInfo["source"];

export interface EnginesReportDeps {
  /** The effective settings (environment over database over defaults). */
  env: Env;
  /** The stored choices (issue 19): a variable stored and not locked makes the source `database`. */
  settings?: readonly StoredEngineSetting[];
  /** The engine variables the environment sets. */
  locked?: ReadonlySet<string>;
  speechEngine: () => Promise<SpeechEngine>;
  languageModel: () => Promise<LanguageModel | null>;
  /** How long an endpoint has to answer GET /models (tests shorten it). */
  timeoutMs?: number;
  /** The model downloads' rows (issue 19), so a missing file says whether its download runs or failed. */
  downloads?: () => Promise<readonly DownloadRow[]>;
}

type DownloadRow = Pick<ModelDownloadRow, "modelId" | "state" | "error" | "bytesDone" | "bytesTotal">;

/**
 * Where a capability's choice comes from: a variable an admin stored (and the environment does not set) makes
 * it `database`; else variables that differ from their defaults are the operator's (`environment`); else the defaults.
 */
function sourceOf(
  set: Record<string, boolean>,
  fallback: string,
  owned: readonly string[],
  { settings = [], locked = new Set() }: Pick<EnginesReportDeps, "settings" | "locked">,
): Source {
  const stored = settings.filter((row) => owned.includes(row.name) && !locked.has(row.name));
  if (stored.length > 0) {
    const newest = stored.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a));
    return {
      kind: "database",
      variables: stored.map((row) => row.name),
      updatedBy: newest.updatedBy,
      updatedAt: new Date(newest.updatedAt).toISOString(),
    };
  }
  const variables = Object.keys(set).filter((name) => set[name]);
  return variables.length > 0
    ? { kind: "environment", variables, updatedBy: null, updatedAt: null }
    : { kind: "default", variables: [fallback], updatedBy: null, updatedAt: null };
}

function lockedOf(owned: readonly string[], locked: ReadonlySet<string> = new Set()): string[] {
  return owned.filter((name) => locked.has(name));
}

/** GET {api root}/models: an answer in time is `ok`, a refusal `error` with its status, no answer `unreachable`. */
export async function probeModelsEndpoint(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs = 3000,
  { hasModelList = true }: { hasModelList?: boolean } = {},
): Promise<Health> {
  const url = `${chatApiRoot(baseUrl)}/models`;
  try {
    const response = await fetch(url, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    await response.body?.cancel();
    if (response.ok) return { state: "ok", detail: null };
    // Transcription servers (whisper.cpp's, faster-whisper's) often list no models: a 404 there still answers.
    return !hasModelList && response.status === 404
      ? { state: "ok", detail: `${url}: reachable (the server lists no models)` }
      : { state: "error", detail: `GET ${url} answered ${response.status} ${response.statusText}`.trim() };
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : reasonOf(error);
    return { state: "unreachable", detail: `GET ${url}: ${reason}` };
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/**
 * A model file's health. When it is missing, its download row (ids are file names) says more than the
 * default "downloads on first use": a failed download is an error with its reason, a running one its share.
 */
async function fileHealth(file: string, whenMissing: string, deps?: Pick<EnginesReportDeps, "downloads">): Promise<Health> {
  const found = await stat(file).catch(() => null);
  if (found?.isFile()) return { state: "ok", detail: file };
  const rows = (await deps?.downloads?.().catch(() => [])) ?? [];
  const download = rows.find((row) => row.modelId === path.basename(file));
  if (download?.state === "failed")
    return { state: "error", detail: `${file}: the download failed: ${download.error ?? "unknown reason"}` };
  if (download && (download.state === "queued" || download.state === "downloading" || download.state === "verifying")) {
    const share = download.bytesTotal ? ` ${Math.floor((100 * download.bytesDone) / download.bytesTotal)}%` : "";
    return { state: "missing", detail: `${file}: downloading${share}` };
  }
  return { state: "missing", detail: `${file}: ${whenMissing}` };
}

async function transcription(deps: EnginesReportDeps): Promise<EngineInfo> {
  const { env, speechEngine, timeoutMs } = deps;
  const languagesSetting =
    env.SPEECH_LANGUAGES === undefined ? null : env.SPEECH_LANGUAGES === "any" ? "any" : env.SPEECH_LANGUAGES.join(",");
  const choice = {
    lockedVariables: lockedOf(transcriptionVariables, deps.locked),
    settings: {
      values: {
        engine: env.SPEECH_ENGINE,
        baseUrl: env.OPENAI_AUDIO_BASE_URL ?? null,
        model: env.OPENAI_AUDIO_MODEL,
        languages: languagesSetting,
      },
      apiKey: env.OPENAI_AUDIO_API_KEY ? ("set" as const) : ("unset" as const),
    },
  };
  const source = sourceOf(
    {
      SPEECH_ENGINE: env.SPEECH_ENGINE !== "auto",
      OPENAI_AUDIO_BASE_URL: env.OPENAI_AUDIO_BASE_URL !== undefined,
      WHISPER_CPP_MODEL: env.WHISPER_CPP_MODEL !== "ggml-base-q5_1.bin",
      SPEECH_LANGUAGES: env.SPEECH_LANGUAGES !== undefined,
    },
    "SPEECH_ENGINE",
    transcriptionVariables,
    deps,
  );
  let engine: SpeechEngine;
  try {
    engine = await speechEngine();
  } catch (error) {
    return {
      capability: "transcription",
      engine: "unavailable",
      model: null,
      languages: [],
      source,
      ...choice,
      health: { state: "error", detail: reasonOf(error) },
    };
  }
  const languages = selectableLanguagesOf(engine);
  const base = {
    capability: "transcription" as const,
    engine: engine.id,
    languages: languages === "any" ? ("any" as const) : [...languages],
    source,
    ...choice,
  };
  if (engine.id.startsWith("openai-compatible:") && env.OPENAI_AUDIO_BASE_URL) {
    const health = await probeModelsEndpoint(env.OPENAI_AUDIO_BASE_URL, env.OPENAI_AUDIO_API_KEY, timeoutMs, { hasModelList: false });
    return { ...base, model: env.OPENAI_AUDIO_MODEL, health };
  }
  if (engine.id.startsWith("whisper-cpp:")) {
    const whenMissing = env.WHISPER_CPP_DOWNLOAD ? "downloads on the first transcription" : "absent and WHISPER_CPP_DOWNLOAD=false";
    return {
      ...base,
      model: env.WHISPER_CPP_MODEL,
      health: await fileHealth(path.join(env.MODEL_DIR, env.WHISPER_CPP_MODEL), whenMissing, deps),
    };
  }
  if (engine.id.startsWith("pocketsphinx:")) {
    const present = await access(path.join(debianEnUsModelDir, "en-us", "mdef"), constants.R_OK).then(
      () => true,
      () => false,
    );
    const health: Health = present ? { state: "ok", detail: debianEnUsModelDir } : { state: "missing", detail: debianEnUsModelDir };
    return { ...base, model: "en-us", health };
  }
  // The whisper.cpp engine with pocketsphinx behind it, or one that explains what to configure.
  const health: Health =
    engine.id === "unavailable"
      ? { state: "off", detail: "nothing can transcribe: see SPEECH_ENGINE in the README" }
      : await fileHealth(path.join(env.MODEL_DIR, env.WHISPER_CPP_MODEL), "downloads on the first transcription", deps);
  return { ...base, model: engine.id === "unavailable" ? null : env.WHISPER_CPP_MODEL, health };
}

/** Notes and ask-AI share one language model; each gets its own card with the same engine. */
async function languageModelInfo(deps: EnginesReportDeps): Promise<Omit<EngineInfo, "capability">> {
  const { env, languageModel, timeoutMs } = deps;
  const choice = {
    lockedVariables: lockedOf(languageModelVariables, deps.locked),
    settings: {
      values: {
        engine: env.LLM_ENGINE,
        baseUrl: env.LLM_BASE_URL ?? null,
        model: env.LLM_MODEL,
        contextTokens: String(env.LLM_CONTEXT_TOKENS),
      },
      apiKey: env.LLM_API_KEY ? ("set" as const) : ("unset" as const),
    },
  };
  const source = sourceOf(
    {
      LLM_ENGINE: env.LLM_ENGINE !== "auto",
      LLM_BASE_URL: env.LLM_BASE_URL !== undefined,
      LLM_MODEL_FILE: env.LLM_MODEL_FILE !== undefined,
      // Counted when it differs from its default (on since issue 19: `false` is the operator's opt-out).
      LLM_DOWNLOAD: env.LLM_DOWNLOAD !== llmDownloadDefault,
      LLM_MODEL_URL: env.LLM_MODEL_URL !== undefined,
    },
    "LLM_BASE_URL",
    languageModelVariables,
    deps,
  );
  let model: LanguageModel | null;
  try {
    model = await languageModel();
  } catch (error) {
    return { engine: "unavailable", model: null, languages: null, source, ...choice, health: { state: "error", detail: reasonOf(error) } };
  }
  if (!model) {
    return {
      engine: "none",
      model: "none: extracted highlights",
      languages: null,
      source,
      ...choice,
      health: { state: "off", detail: "no language model: notes are extracted highlights, answers quote passages" },
    };
  }
  if (model.id.startsWith("llama:")) {
    const fileName = model.id.slice("llama:".length);
    const file = env.LLM_MODEL_FILE ? operatorModelPath(env.MODEL_DIR, env.LLM_MODEL_FILE) : path.join(env.MODEL_DIR, fileName);
    const whenMissing = fileName === defaultLlamaModel.fileName ? "downloads on first use (LLM_DOWNLOAD=true)" : "absent";
    return { engine: model.id, model: fileName, languages: null, source, ...choice, health: await fileHealth(file, whenMissing, deps) };
  }
  const health: Health = env.LLM_BASE_URL
    ? await probeModelsEndpoint(env.LLM_BASE_URL, env.LLM_API_KEY, timeoutMs)
    : { state: "error", detail: "no LLM_BASE_URL" };
  return { engine: model.id, model: env.LLM_MODEL, languages: null, source, ...choice, health };
}

async function embeddings(deps: EnginesReportDeps): Promise<EngineInfo> {
  const { env, timeoutMs } = deps;
  const source = sourceOf({ EMBEDDINGS_BASE_URL: env.EMBEDDINGS_BASE_URL !== undefined }, "EMBEDDINGS_BASE_URL", embeddingsVariables, deps);
  const choice = {
    lockedVariables: lockedOf(embeddingsVariables, deps.locked),
    settings: {
      values: { baseUrl: env.EMBEDDINGS_BASE_URL ?? null, model: env.EMBEDDINGS_MODEL },
      apiKey: env.EMBEDDINGS_API_KEY ? ("set" as const) : ("unset" as const),
    },
  };
  if (!env.EMBEDDINGS_BASE_URL) {
    return {
      capability: "embeddings",
      engine: "none",
      model: null,
      languages: null,
      source,
      ...choice,
      health: { state: "off", detail: "not configured: ask-AI finds passages by full text only" },
    };
  }
  const health = await probeModelsEndpoint(env.EMBEDDINGS_BASE_URL, env.EMBEDDINGS_API_KEY, timeoutMs);
  return {
    capability: "embeddings",
    engine: `openai:${env.EMBEDDINGS_MODEL}`,
    model: env.EMBEDDINGS_MODEL,
    languages: null,
    source,
    ...choice,
    health,
  };
}

export async function describeEngines(deps: EnginesReportDeps): Promise<EngineInfo[]> {
  const [speech, llm, embedding, youtube, speakers] = await Promise.all([
    transcription(deps),
    languageModelInfo(deps),
    embeddings(deps),
    youtubeExtractorInfo(deps.env),
    speakerLabelsInfo(deps.env),
  ]);
  return [speech, { capability: "notes", ...llm }, { capability: "ask", ...llm }, embedding, speakers, youtube];
}

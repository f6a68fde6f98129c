import { access, constants, stat } from "node:fs/promises";
import path from "node:path";
import type { LanguageModel } from "~/infra/llm/language-model";
import { defaultLlamaModel, operatorModelPath } from "~/infra/llm/llama-model-files";
import { chatApiRoot } from "~/infra/llm/openai-client";
import { debianEnUsModelDir } from "~/infra/speech/pocketsphinx-engine";
import { type SpeechEngine, selectableLanguagesOf } from "~/infra/speech/speech-engine";
import type { EngineInfo } from "~/shared/engines/engines-api";
import type { Env } from "./env";

// What the admin engines page shows (issue 19, first part): for each AI capability the engine this process
// runs, its model and languages, which variables chose it, and a cheap health check: an OpenAI-compatible
// endpoint answers GET /models within 3 s, a local engine's model file is on disk. Nothing is loaded or
// downloaded here, so opening the page never starts a 1 GB download or a model load.

type Health = EngineInfo["health"];
type Source = EngineInfo["source"];

export interface EnginesReportDeps {
  env: Env;
  speechEngine: () => Promise<SpeechEngine>;
  languageModel: () => Promise<LanguageModel | null>;
  /** How long an endpoint has to answer GET /models (tests shorten it). */
  timeoutMs?: number;
}

/** Variables that differ from their defaults count as the operator's choice. */
function sourceOf(set: Record<string, boolean>, fallback: string): Source {
  const variables = Object.keys(set).filter((name) => set[name]);
  return variables.length > 0 ? { kind: "environment", variables } : { kind: "default", variables: [fallback] };
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

async function fileHealth(file: string, whenMissing: string): Promise<Health> {
  const found = await stat(file).catch(() => null);
  return found?.isFile() ? { state: "ok", detail: file } : { state: "missing", detail: `${file}: ${whenMissing}` };
}

async function transcription({ env, speechEngine, timeoutMs }: EnginesReportDeps): Promise<EngineInfo> {
  const source = sourceOf(
    {
      SPEECH_ENGINE: env.SPEECH_ENGINE !== "auto",
      OPENAI_AUDIO_BASE_URL: env.OPENAI_AUDIO_BASE_URL !== undefined,
      WHISPER_CPP_MODEL: env.WHISPER_CPP_MODEL !== "ggml-base-q5_1.bin",
      SPEECH_LANGUAGES: env.SPEECH_LANGUAGES !== undefined,
    },
    "SPEECH_ENGINE",
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
      health: { state: "error", detail: reasonOf(error) },
    };
  }
  const languages = selectableLanguagesOf(engine);
  const base = {
    capability: "transcription" as const,
    engine: engine.id,
    languages: languages === "any" ? ("any" as const) : [...languages],
    source,
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
      health: await fileHealth(path.join(env.MODEL_DIR, env.WHISPER_CPP_MODEL), whenMissing),
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
      : await fileHealth(path.join(env.MODEL_DIR, env.WHISPER_CPP_MODEL), "downloads on the first transcription");
  return { ...base, model: engine.id === "unavailable" ? null : env.WHISPER_CPP_MODEL, health };
}

/** Notes and ask-AI share one language model; each gets its own card with the same engine. */
async function languageModelInfo({ env, languageModel, timeoutMs }: EnginesReportDeps): Promise<Omit<EngineInfo, "capability">> {
  const source = sourceOf(
    {
      LLM_ENGINE: env.LLM_ENGINE !== "auto",
      LLM_BASE_URL: env.LLM_BASE_URL !== undefined,
      LLM_MODEL_FILE: env.LLM_MODEL_FILE !== undefined,
      LLM_DOWNLOAD: env.LLM_DOWNLOAD,
      LLM_MODEL_URL: env.LLM_MODEL_URL !== undefined,
    },
    "LLM_BASE_URL",
  );
  let model: LanguageModel | null;
  try {
    model = await languageModel();
  } catch (error) {
    return { engine: "unavailable", model: null, languages: null, source, health: { state: "error", detail: reasonOf(error) } };
  }
  if (!model) {
    return {
      engine: "none",
      model: "none: extracted highlights",
      languages: null,
      source,
      health: { state: "off", detail: "no language model: notes are extracted highlights, answers quote passages" },
    };
  }
  if (model.id.startsWith("llama:")) {
    const fileName = model.id.slice("llama:".length);
    const file = env.LLM_MODEL_FILE ? operatorModelPath(env.MODEL_DIR, env.LLM_MODEL_FILE) : path.join(env.MODEL_DIR, fileName);
    const whenMissing = fileName === defaultLlamaModel.fileName ? "downloads on first use (LLM_DOWNLOAD=true)" : "absent";
    return { engine: model.id, model: fileName, languages: null, source, health: await fileHealth(file, whenMissing) };
  }
  const health: Health = env.LLM_BASE_URL
    ? await probeModelsEndpoint(env.LLM_BASE_URL, env.LLM_API_KEY, timeoutMs)
    : { state: "error", detail: "no LLM_BASE_URL" };
  return { engine: model.id, model: env.LLM_MODEL, languages: null, source, health };
}

async function embeddings({ env, timeoutMs }: EnginesReportDeps): Promise<EngineInfo> {
  const source = sourceOf({ EMBEDDINGS_BASE_URL: env.EMBEDDINGS_BASE_URL !== undefined }, "EMBEDDINGS_BASE_URL");
  if (!env.EMBEDDINGS_BASE_URL) {
    return {
      capability: "embeddings",
      engine: "none",
      model: null,
      languages: null,
      source,
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
    health,
  };
}

/** Speaker labels come only from meeting bots today (the platform names each speaker); uploads get none. */
function speakerLabels(): EngineInfo {
  return {
    capability: "speakerLabels",
    engine: "meeting-bot",
    model: null,
    languages: null,
    source: { kind: "default", variables: [] },
    health: { state: "off", detail: "meeting bots only: uploads and browser recordings get no speaker labels yet" },
  };
}

export async function describeEngines(deps: EnginesReportDeps): Promise<EngineInfo[]> {
  const [speech, llm, embedding] = await Promise.all([transcription(deps), languageModelInfo(deps), embeddings(deps)]);
  return [speech, { capability: "notes", ...llm }, { capability: "ask", ...llm }, embedding, speakerLabels()];
}

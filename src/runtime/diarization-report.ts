import { stat } from "node:fs/promises";
import { diarizerModelPaths } from "~/infra/diarization/create-speaker-diarizer";
import { diarizationEnvShape } from "~/infra/diarization/diarization-env";
import { diarizationDownloadBytes, pinnedDiarizationModel } from "~/infra/diarization/diarization-models";
import type { EngineInfo } from "~/shared/engines/engines-api";
import type { Env } from "./env";

// The engines page's speaker-labels card (issue 19, decision 025): the diarizer uploads and browser
// recordings get, its two model files and whether they are in MODEL_DIR. Nothing is loaded: a file's
// presence is the health check here; its sha256 is checked when the worker first uses it.

type DiarizationReportEnv = Pick<
  Env,
  "MODEL_DIR" | "DIARIZATION_ENGINE" | "DIARIZATION_SEGMENTATION_MODEL" | "DIARIZATION_EMBEDDING_MODEL" | "DIARIZATION_THRESHOLD"
>;

/** The variables that choose the diarizer, in the order the card lists them. */
export const diarizationVariables = Object.keys(diarizationEnvShape);

const isFile = (file: string) =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );

function sourceOf(env: DiarizationReportEnv): EngineInfo["source"] {
  const defaults = {
    DIARIZATION_ENGINE: "auto",
    DIARIZATION_SEGMENTATION_MODEL: diarizationEnvShape.DIARIZATION_SEGMENTATION_MODEL.parse(undefined),
    DIARIZATION_EMBEDDING_MODEL: diarizationEnvShape.DIARIZATION_EMBEDDING_MODEL.parse(undefined),
    DIARIZATION_THRESHOLD: diarizationEnvShape.DIARIZATION_THRESHOLD.parse(undefined),
  } as const;
  const variables = (Object.keys(defaults) as (keyof typeof defaults)[]).filter((name) => env[name] !== defaults[name]);
  return variables.length > 0
    ? { kind: "environment", variables, updatedBy: null, updatedAt: null }
    : { kind: "default", variables: ["DIARIZATION_ENGINE"], updatedBy: null, updatedAt: null };
}

export async function speakerLabelsInfo(env: DiarizationReportEnv): Promise<EngineInfo> {
  const base = {
    capability: "speakerLabels" as const,
    languages: "any" as const,
    source: sourceOf(env),
    lockedVariables: [],
    settings: null,
  };
  if (env.DIARIZATION_ENGINE === "none") {
    return {
      ...base,
      engine: "meeting-bot",
      model: null,
      health: { state: "off", detail: "DIARIZATION_ENGINE=none: only meeting bots name speakers (the platform's names)" },
    };
  }
  let paths: ReturnType<typeof diarizerModelPaths>;
  try {
    paths = diarizerModelPaths(env);
  } catch (error) {
    return {
      ...base,
      engine: "sherpa-onnx",
      model: null,
      health: { state: "error", detail: error instanceof Error ? error.message : String(error) },
    };
  }
  const model = `${env.DIARIZATION_SEGMENTATION_MODEL} + ${env.DIARIZATION_EMBEDDING_MODEL}`;
  const absent: string[] = [];
  for (const file of [paths.segmentation, paths.embedding]) if (!(await isFile(file))) absent.push(file);
  if (absent.length === 0) {
    return {
      ...base,
      engine: "sherpa-onnx",
      model,
      health: {
        state: "ok",
        detail: `uploads and browser recordings get Speaker 1/2/... (threshold ${env.DIARIZATION_THRESHOLD}); meeting bots keep the platform's names`,
      },
    };
  }
  const isPinned = [env.DIARIZATION_SEGMENTATION_MODEL, env.DIARIZATION_EMBEDDING_MODEL].every((name) => pinnedDiarizationModel(name));
  const nextStep = isPinned
    ? `download the recommended models (${(diarizationDownloadBytes / 1_000_000).toFixed(1)} MB, sha256-checked) or put the files in MODEL_DIR`
    : "put the files in MODEL_DIR (not in the pinned table: used unverified)";
  return {
    ...base,
    // auto without its models labels nothing; asked-for sherpa is a fault to fix.
    engine: env.DIARIZATION_ENGINE === "sherpa" ? "sherpa-onnx" : "meeting-bot",
    model,
    health: { state: "missing", detail: `missing ${absent.join(", ")}: ${nextStep}; until then only meeting bots name speakers` },
  };
}

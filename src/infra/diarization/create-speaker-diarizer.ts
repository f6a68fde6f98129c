import { open, stat } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logging/logger";
import { verifyPinnedFile } from "../net/pinned-file";
import type { DiarizationEnv } from "./diarization-env";
import { pinnedDiarizationModel } from "./diarization-models";
import { createSherpaDiarizer } from "./sherpa-diarizer";
import { DiarizationError, type SpeakerDiarizer } from "./speaker-diarizer";

// Which diarizer labels speakers (decision 025): sherpa-onnx when both of its model files are in MODEL_DIR,
// else none (DIARIZATION_ENGINE=auto); `none` turns it off, `sherpa` insists and says what is missing.
// Choosing loads no model: the child process loads them per recording.

export type DiarizerSettings = DiarizationEnv & { MODEL_DIR: string };

export interface DiarizerModelPaths {
  segmentation: string;
  embedding: string;
}

function fileNameOnly(variable: string, fileName: string): string {
  if (path.basename(fileName) !== fileName || fileName.startsWith(".")) {
    throw new DiarizationError(`${variable} must be a file name in MODEL_DIR, not a path: ${fileName}`);
  }
  return fileName;
}

export function diarizerModelPaths(env: DiarizerSettings): DiarizerModelPaths {
  return {
    segmentation: path.join(env.MODEL_DIR, fileNameOnly("DIARIZATION_SEGMENTATION_MODEL", env.DIARIZATION_SEGMENTATION_MODEL)),
    embedding: path.join(env.MODEL_DIR, fileNameOnly("DIARIZATION_EMBEDDING_MODEL", env.DIARIZATION_EMBEDDING_MODEL)),
  };
}

const isFile = (file: string) =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );

/**
 * An ONNX file is a protobuf ModelProto whose first field is ir_version (tag byte 0x08): a file that
 * starts otherwise (an HTML error page, a truncated or random file) is refused here with its name,
 * instead of aborting the process that loads it.
 */
async function checkOnnxHeader(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, 0);
    if (bytesRead < 1 || buffer[0] !== 0x08) throw new DiarizationError(`${file} is not an ONNX model (corrupt or wrong file)`);
  } finally {
    await handle.close();
  }
}

/** A pinned file must match its sha256 (checked once, remembered in a sidecar); any file must look like ONNX. */
async function checkModel(file: string, signal?: AbortSignal): Promise<void> {
  const pin = pinnedDiarizationModel(path.basename(file));
  if (pin) {
    await verifyPinnedFile(file, pin, signal).catch((error: unknown) => {
      throw new DiarizationError(`${file} does not match its pinned sha256 (${error instanceof Error ? error.message : String(error)})`);
    });
  }
  await checkOnnxHeader(file);
}

const stem = (file: string) => path.basename(file).replace(/\.onnx$/, "");

/** The configured diarizer, or null when none is configured or its models are not (yet) in MODEL_DIR. */
export async function createSpeakerDiarizer(
  env: DiarizerSettings,
  { logger, signal }: { logger?: Logger; signal?: AbortSignal } = {},
): Promise<SpeakerDiarizer | null> {
  if (env.DIARIZATION_ENGINE === "none") return null;
  const paths = diarizerModelPaths(env);
  const absent: string[] = [];
  for (const file of [paths.segmentation, paths.embedding]) if (!(await isFile(file))) absent.push(file);
  if (absent.length > 0) {
    if (env.DIARIZATION_ENGINE === "sherpa") {
      throw new DiarizationError(`DIARIZATION_ENGINE=sherpa but its model files are missing: ${absent.join(", ")}`);
    }
    logger?.debug({ absent }, "no speaker diarization: its model files are not in MODEL_DIR");
    return null;
  }
  await checkModel(paths.segmentation, signal);
  await checkModel(paths.embedding, signal);
  return createSherpaDiarizer({
    segmentationModel: paths.segmentation,
    embeddingModel: paths.embedding,
    threshold: env.DIARIZATION_THRESHOLD,
    id: `sherpa-onnx:${stem(paths.segmentation)}+${stem(paths.embedding)}`,
  });
}

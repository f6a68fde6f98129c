import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { readWavInfo } from "../media/wav-file";
import type { SpeakerTurn } from "./speaker-diarizer";

// The child process that runs sherpa-onnx's offline speaker diarization (started by sherpa-diarizer.ts).
// Its own process because sherpa-onnx aborts the whole process on a model ONNX Runtime cannot parse
// (seen here: "terminate called after throwing an instance of 'Ort::Exception'"), and because an hour of
// audio holds ~230 MB of samples that should leave with the job.

const require = createRequire(import.meta.url);

export interface DiarizeRequest {
  segmentationModel: string;
  embeddingModel: string;
  threshold: number;
  numSpeakers?: number;
  numThreads: number;
  audio: Float32Array | string;
}

export type DiarizeReply = { turns: SpeakerTurn[] } | { error: string };

interface SherpaDiarization {
  sampleRate: number;
  process(samples: Float32Array): { start: number; end: number; speaker: number }[];
}

type SherpaDiarizationConstructor = new (config: {
  segmentation: { pyannote: { model: string }; numThreads: number; debug: number };
  embedding: { model: string; numThreads: number; debug: number };
  clustering: { numClusters: number; threshold: number };
  minDurationOn: number;
  minDurationOff: number;
}) => SherpaDiarization;

async function samplesOf(audio: Float32Array | string): Promise<Float32Array> {
  if (typeof audio !== "string") return audio;
  const info = await readWavInfo(audio);
  if (info.sampleRate !== 16_000 || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new Error(`diarization needs 16 kHz mono 16-bit PCM, got ${info.sampleRate} Hz, ${info.channels} ch, ${info.bitsPerSample} bit`);
  }
  const bytes = (await readFile(audio)).subarray(info.dataOffset, info.dataOffset + info.dataBytes);
  const samples = new Float32Array(Math.floor(bytes.length / 2));
  for (let index = 0; index < samples.length; index++) samples[index] = bytes.readInt16LE(index * 2) / 32_768;
  return samples;
}

async function diarize(request: DiarizeRequest): Promise<SpeakerTurn[]> {
  const { OfflineSpeakerDiarization } = require("sherpa-onnx-node") as { OfflineSpeakerDiarization: SherpaDiarizationConstructor };
  const engine = new OfflineSpeakerDiarization({
    segmentation: { pyannote: { model: request.segmentationModel }, numThreads: request.numThreads, debug: 0 },
    embedding: { model: request.embeddingModel, numThreads: request.numThreads, debug: 0 },
    // numClusters > 0 fixes the count; otherwise the threshold decides (sherpa's FastClustering).
    clustering: { numClusters: request.numSpeakers ?? -1, threshold: request.threshold },
    // sherpa-onnx's defaults: speech shorter than 0.3 s is dropped, gaps shorter than 0.5 s are bridged.
    minDurationOn: 0.3,
    minDurationOff: 0.5,
  });
  const samples = await samplesOf(request.audio);
  return engine.process(samples).map(({ start, end, speaker }) => ({ start, end, speaker }));
}

process.once("message", (request: DiarizeRequest) => {
  diarize(request).then(
    (turns) => process.send?.({ turns } satisfies DiarizeReply, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? error.message : String(error) } satisfies DiarizeReply, () => process.exit(0)),
  );
});

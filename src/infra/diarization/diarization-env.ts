import { z } from "zod";

// Which speaker-diarization engine labels uploads and browser recordings (decision 025). The server's env
// schema spreads this shape in; createSpeakerDiarizer reads the parsed slice.

export const diarizationEnvShape = {
  /** auto: sherpa-onnx when both model files are in MODEL_DIR, else none; none: never label speakers. */
  DIARIZATION_ENGINE: z.enum(["auto", "sherpa", "none"]).default("auto"),
  /** The pyannote segmentation ONNX in MODEL_DIR (pinned in diarization-models.ts, or the operator's own). */
  DIARIZATION_SEGMENTATION_MODEL: z.string().min(1).default("pyannote-segmentation-3.0.int8.onnx"),
  /** The speaker-embedding ONNX in MODEL_DIR (a sherpa-onnx export: 3D-Speaker, NeMo or WeSpeaker). */
  DIARIZATION_EMBEDDING_MODEL: z.string().min(1).default("3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx"),
  /**
   * Cosine-distance threshold of the clustering: two voices closer than this are one speaker. Lower finds
   * more speakers; 0.5 is sherpa-onnx's default for this embedding family.
   */
  DIARIZATION_THRESHOLD: z.coerce.number().gt(0).lt(2).default(0.5),
};

export type DiarizationEnv = z.infer<z.ZodObject<typeof diarizationEnvShape>>;

// The speaker-diarization models sherpa-onnx runs (decision 025). No registry package carries them as ONNX
// (the search is in the decision record), so a machine with internet downloads these official sherpa-onnx
// exports once, pinned by sha256, or the operator puts them in MODEL_DIR.
// The sums and sizes were read from published pinned-download tables (not computed here): see decision 025.

export type DiarizationModelRole = "segmentation" | "embedding";

export interface DiarizationModelFile {
  /** The file name in MODEL_DIR (DIARIZATION_SEGMENTATION_MODEL / DIARIZATION_EMBEDDING_MODEL). */
  fileName: string;
  role: DiarizationModelRole;
  /** Where a first-run download fetches it (a fixed revision, so the bytes cannot change under the pin). */
  url: string;
  sha256: string;
  bytes: number;
  licence: string;
  /** What it is, for the engines page. */
  description: string;
}

const segmentationRevision =
  "https://huggingface.co/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/9403a6902bb58e3d5ae8c7e77c3422de279db2e0";
const embeddingRevision = "https://huggingface.co/csukuangfj/speaker-embedding-models/resolve/0743f301363dec56491a490f6d6cbc9d67f9a3bf";

export const diarizationModelFiles: readonly DiarizationModelFile[] = [
  {
    fileName: "pyannote-segmentation-3.0.int8.onnx",
    role: "segmentation",
    url: `${segmentationRevision}/model.int8.onnx`,
    sha256: "d582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d",
    bytes: 1_540_506,
    licence: "MIT",
    description: "pyannote segmentation-3.0 (who speaks in each 10 s window), sherpa-onnx int8 export",
  },
  {
    fileName: "3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx",
    role: "embedding",
    url: `${embeddingRevision}/3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx`,
    sha256: "aa3cfc16963a10586a9393f5035d6d6b57e98d358b347f80c2a30bf4f00ceba2",
    bytes: 28_281_164,
    licence: "Apache-2.0",
    description: "3D-Speaker CAM++ speaker embedding (zh+en, 200k speakers), sherpa-onnx export",
  },
];

export function pinnedDiarizationModel(fileName: string): DiarizationModelFile | undefined {
  return diarizationModelFiles.find((model) => model.fileName === fileName);
}

/** Total size of the recommended pair, shown before a download starts. */
export const diarizationDownloadBytes = diarizationModelFiles.reduce((total, model) => total + model.bytes, 0);

// Who spoke when (issue 19): a speaker-diarization engine behind one interface, so the pipeline never
// knows which model family (or a test's own stand-in) answers. Speakers are anonymous integers; the
// transcript's "Speaker 1/2/..." names come from assign-speakers in the transcription domain.

/** One stretch of audio that one speaker holds; `speaker` is the engine's own cluster number. */
export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: number;
}

export interface DiarizeOptions {
  signal?: AbortSignal;
  /** When the caller knows how many people spoke; otherwise the engine's threshold decides. */
  numSpeakers?: number;
}

export interface SpeakerDiarizer {
  /** Engine and models, e.g. `sherpa:pyannote-3.0+campplus`, shown on the engines page and in logs. */
  readonly id: string;
  /** Audio as 16 kHz mono samples in [-1, 1], or the path of a 16 kHz mono 16-bit WAV. */
  diarize(audio: Float32Array | string, options?: DiarizeOptions): Promise<SpeakerTurn[]>;
  /** Frees what the engine holds (a child process, a loaded model). */
  dispose(): Promise<void>;
}

export class DiarizationError extends Error {
  override name = "DiarizationError";
}

import { writeFile } from "node:fs/promises";

// A whisper.cpp model file of the real layout with tiny dimensions and made-up weights. No registry
// carries ggml whisper weights and no machine here reaches Hugging Face, so tests that must load a
// model through the real whisper.cpp (@napi-rs/whisper) write this one instead.
//
// The format is the legacy one `whisper_model_load` reads (whisper.cpp src/whisper.cpp; checked against
// 6266a9f, the commit @napi-rs/whisper 0.0.4 embeds, and against master): the `ggml` magic, eleven int32
// hparams, the mel filters, the text tokens, then every tensor as [n_dims, name length, type, dims...,
// name, data]. Names, shapes and types follow models/convert-pt-to-ggml.py with ftype 1 (f16): 2-D and
// 3-D weights in f16; biases, norms, the conv biases and the positional embeddings in f32.
//
// Random weights alone decode to an arbitrary token at arbitrary times (seen here: " td3m" from 0.86 s to
// 19.84 s, another word and times for another seed), which a test cannot check beyond its shape, and
// larger random weights can run to the end of the text context and through every fallback temperature.
// So the decoder is steered (see `steerDecoder`): whatever the audio, each 30 s window decodes to
// `<|0.00|> parley<|2.00|><|endoftext|>`, which whisper.cpp turns into one 2-second segment per window.

/** The word the steered decoder says. */
export const tinyWhisperWord = "parley";
/** Each window ends with the timestamp token for this many seconds; whisper.cpp then seeks by as much. */
export const tinyWhisperSegmentSeconds = 2;

export interface TinyWhisperGgmlOptions {
  /** 51865 tokens (99 languages) instead of the 51864 of an English-only (`.en`) model. */
  multilingual?: boolean;
  /** Seeds the pseudo-random weights; the same seed writes the same bytes. */
  seed?: number;
}

const magic = 0x67676d6c; // "ggml"
const ftypeF16 = 1;
const typeF32 = 0;
const typeF16 = 1;

/** Tiny but real: the audio context, text context and mel count are Whisper's own, as whisper.cpp's mel and window code assume. */
const hparams = {
  nAudioCtx: 1500,
  nAudioState: 32,
  nAudioHead: 1,
  nAudioLayer: 1,
  nTextCtx: 448,
  nTextState: 32,
  nTextHead: 1,
  nTextLayer: 1,
  nMels: 80,
};
const state = hparams.nAudioState;

/**
 * Special token ids as whisper.cpp derives them from n_vocab (struct whisper_vocab and the shift applied
 * after loading the vocabulary): the file holds only the text tokens below end-of-text, like the official
 * files, and whisper.cpp names the rest itself.
 */
function specialTokens(multilingual: boolean) {
  return multilingual
    ? { nVocab: 51865, eot: 50257, sot: 50258, english: 50259, transcribe: 50359, beg: 50364 }
    : { nVocab: 51864, eot: 50256, sot: 50257, english: -1, transcribe: -1, beg: 50363 };
}

interface Tensor {
  name: string;
  /** ggml order: ne[0] first (the reverse of the PyTorch shape). */
  dims: number[];
  values: Float32Array;
  type: typeof typeF32 | typeof typeF16;
}

/** Writes the model to `file` (about 4 MB, in well under a second). */
export async function writeTinyWhisperGgml(file: string, options: TinyWhisperGgmlOptions = {}): Promise<void> {
  await writeFile(file, buildTinyWhisperGgml(options));
}

export function buildTinyWhisperGgml({ multilingual = false, seed = 1 }: TinyWhisperGgmlOptions = {}): Buffer {
  const tokens = specialTokens(multilingual);
  const random = mulberry32(seed);
  const out = new ChunkWriter();

  out.int32(magic, tokens.nVocab, hparams.nAudioCtx, hparams.nAudioState, hparams.nAudioHead, hparams.nAudioLayer);
  out.int32(hparams.nTextCtx, hparams.nTextState, hparams.nTextHead, hparams.nTextLayer, hparams.nMels, ftypeF16);

  const filters = melFilters(hparams.nMels, 400, 16_000);
  out.int32(hparams.nMels, 201);
  out.float32(filters);

  // whisper.cpp looks up " " when it suppresses blanks (token_to_id.at: it throws when missing), so
  // it sits where GPT-2 has it; every other text token just needs a unique, printable string.
  out.int32(tokens.eot);
  for (let id = 0; id < tokens.eot; id++) {
    const text = id === 220 ? " " : id === wordToken ? ` ${tinyWhisperWord}` : ` t${id.toString(36)}`;
    out.int32(Buffer.byteLength(text));
    out.bytes(Buffer.from(text, "utf8"));
  }

  for (const tensor of modelTensors(tokens.nVocab, random)) {
    if (tensor.name === "decoder.token_embedding.weight") steerDecoder(tensor.values, tokens);
    const name = Buffer.from(tensor.name, "utf8");
    out.int32(tensor.dims.length, name.length, tensor.type, ...tensor.dims);
    out.bytes(name);
    if (tensor.type === typeF32) out.float32(tensor.values);
    else out.float16(tensor.values);
  }
  return out.toBuffer();
}

/** The text token the steered decoder emits (any id below end-of-text that is not " " would do). */
const wordToken = 1_000;

/** Every tensor `whisper_model_load` expects, in its order, with pseudo-random values where the model has weights. */
function modelTensors(nVocab: number, random: () => number): Tensor[] {
  const weight = (name: string, dims: number[]): Tensor => ({
    name,
    dims,
    values: noise(dims, random),
    type: dims.length > 1 ? typeF16 : typeF32,
  });
  const f32 = (name: string, dims: number[]): Tensor => ({ name, dims, values: noise(dims, random), type: typeF32 });
  const norm = (prefix: string): Tensor[] => [
    { name: `${prefix}.weight`, dims: [state], values: new Float32Array(state).fill(1), type: typeF32 },
    { name: `${prefix}.bias`, dims: [state], values: new Float32Array(state), type: typeF32 },
  ];
  const attention = (prefix: string): Tensor[] => [
    weight(`${prefix}.query.weight`, [state, state]),
    weight(`${prefix}.query.bias`, [state]),
    weight(`${prefix}.key.weight`, [state, state]),
    weight(`${prefix}.value.weight`, [state, state]),
    weight(`${prefix}.value.bias`, [state]),
    weight(`${prefix}.out.weight`, [state, state]),
    weight(`${prefix}.out.bias`, [state]),
  ];
  const mlp = (prefix: string): Tensor[] => [
    ...norm(`${prefix}.mlp_ln`),
    weight(`${prefix}.mlp.0.weight`, [state, 4 * state]),
    weight(`${prefix}.mlp.0.bias`, [4 * state]),
    weight(`${prefix}.mlp.2.weight`, [4 * state, state]),
    weight(`${prefix}.mlp.2.bias`, [state]),
  ];

  const tensors: Tensor[] = [
    f32("encoder.positional_embedding", [state, hparams.nAudioCtx]),
    weight("encoder.conv1.weight", [3, hparams.nMels, state]),
    f32("encoder.conv1.bias", [1, state]),
    weight("encoder.conv2.weight", [3, state, state]),
    f32("encoder.conv2.bias", [1, state]),
    ...norm("encoder.ln_post"),
  ];
  for (let layer = 0; layer < hparams.nAudioLayer; layer++) {
    const prefix = `encoder.blocks.${layer}`;
    tensors.push(...mlp(prefix), ...norm(`${prefix}.attn_ln`), ...attention(`${prefix}.attn`));
  }
  tensors.push(
    f32("decoder.positional_embedding", [state, hparams.nTextCtx]),
    weight("decoder.token_embedding.weight", [state, nVocab]),
    ...norm("decoder.ln"),
  );
  for (let layer = 0; layer < hparams.nTextLayer; layer++) {
    const prefix = `decoder.blocks.${layer}`;
    tensors.push(...mlp(prefix), ...norm(`${prefix}.attn_ln`), ...attention(`${prefix}.attn`));
    tensors.push(...norm(`${prefix}.cross_attn_ln`), ...attention(`${prefix}.cross_attn`));
  }
  return tensors;
}

/**
 * Sets a few token embeddings so that greedy decoding is a fixed chain whatever the audio. Whisper ties
 * its output to the token embedding (logit of y = embedding(y) · final hidden state), and with small random
 * block weights the final hidden state is, in direction, the embedding of the last input token. So the
 * chain start → <|0.00|> → " parley" → <|2.00|> → <|endoftext|> comes from embeddings that each overlap
 * the next one by half (two of ±1 Hadamard directions, sharing one) and grow threefold along the chain: the
 * next token then outscores the current one (which the timestamp rules do not always rule out) by tens of
 * logits, far above the random tokens (well under 1). The start is the last prompt token: <|startoftranscript|>
 * for an English-only model, <|transcribe|> for a multilingual one, whose <|startoftranscript|> points at
 * <|en|> instead so that language detection says English.
 */
function steerDecoder(embedding: Float32Array, tokens: ReturnType<typeof specialTokens>): void {
  const multilingual = tokens.english >= 0;
  const chain = [
    multilingual ? tokens.transcribe : tokens.sot,
    tokens.beg,
    wordToken,
    tokens.beg + tinyWhisperSegmentSeconds * 50, // timestamp tokens are 20 ms apart
    tokens.eot,
  ];
  for (const [step, token] of chain.entries()) setRow(embedding, token, 10 * 3 ** step, step + 1);
  if (multilingual) {
    setRow(embedding, tokens.sot, 10, 7);
    setRow(embedding, tokens.english, 30, 8);
  }
}

/** Row `token` := scale · (h[k] + h[k+1]) / √2 with h the unit-norm rows of a Sylvester Hadamard matrix (zero mean, so layer norm keeps the direction). */
function setRow(embedding: Float32Array, token: number, scale: number, k: number): void {
  for (let i = 0; i < state; i++) {
    const sum = hadamard(k, i) + hadamard(k + 1, i);
    embedding[token * state + i] = (scale * sum) / Math.sqrt(2 * state);
  }
}

function hadamard(row: number, column: number): number {
  let bits = row & column;
  let parity = 0;
  while (bits) {
    parity ^= bits & 1;
    bits >>= 1;
  }
  return parity ? -1 : 1;
}

/** Small uniform values, about the scale of a trained model's weights; large ones could overflow f16 activations. */
function noise(dims: number[], random: () => number): Float32Array {
  const values = new Float32Array(dims.reduce((product, dim) => product * dim, 1));
  for (let i = 0; i < values.length; i++) values[i] = (random() - 0.5) * 0.1;
  return values;
}

/** A small seeded generator: the same seed gives the same file on every run and machine. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Whisper's mel filterbank (librosa.filters.mel with the Slaney scale and norm, as in whisper's
 * mel_filters.npz): whisper.cpp computes the spectrogram with whatever the file holds, so real filters
 * keep the encoder's input the spectrogram a real model would see.
 */
function melFilters(nMels: number, nFft: number, sampleRate: number): Float32Array {
  const nBins = nFft / 2 + 1;
  const hzToMel = (hz: number) => (hz < 1000 ? (3 * hz) / 200 : 15 + Math.log(hz / 1000) / (Math.log(6.4) / 27));
  const melToHz = (mel: number) => (mel < 15 ? (200 * mel) / 3 : 1000 * Math.exp((Math.log(6.4) / 27) * (mel - 15)));
  const top = hzToMel(sampleRate / 2);
  const edges = Array.from({ length: nMels + 2 }, (_, i) => melToHz((top * i) / (nMels + 1)));
  const filters = new Float32Array(nMels * nBins);
  for (let m = 0; m < nMels; m++) {
    const [left, center, right] = [edges[m] ?? 0, edges[m + 1] ?? 0, edges[m + 2] ?? 0];
    const norm = 2 / (right - left);
    for (let bin = 0; bin < nBins; bin++) {
      const hz = (bin * sampleRate) / nFft;
      const rise = (hz - left) / (center - left);
      const fall = (right - hz) / (right - center);
      filters[m * nBins + bin] = Math.max(0, Math.min(rise, fall)) * norm;
    }
  }
  return filters;
}

/** Little-endian pieces, joined once at the end. */
class ChunkWriter {
  private readonly chunks: Buffer[] = [];

  int32(...values: number[]): void {
    const chunk = Buffer.alloc(4 * values.length);
    for (const [i, value] of values.entries()) chunk.writeInt32LE(value, 4 * i);
    this.chunks.push(chunk);
  }

  float32(values: Float32Array): void {
    const chunk = Buffer.alloc(4 * values.length);
    for (let i = 0; i < values.length; i++) chunk.writeFloatLE(values[i] ?? 0, 4 * i);
    this.chunks.push(chunk);
  }

  float16(values: Float32Array): void {
    const chunk = Buffer.alloc(2 * values.length);
    for (let i = 0; i < values.length; i++) chunk.writeUInt16LE(toHalf(values[i] ?? 0), 2 * i);
    this.chunks.push(chunk);
  }

  bytes(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const floatView = new Float32Array(1);
const bitsView = new Uint32Array(floatView.buffer);

/** IEEE half precision bits of `value`, rounded to nearest (Node 20 has no Float16Array). */
function toHalf(value: number): number {
  floatView[0] = value;
  const bits = bitsView[0] ?? 0;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent >= 31) return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    const shift = 14 - exponent;
    return sign | (((mantissa | 0x800000) + (1 << (shift - 1))) >> shift);
  }
  // A carry out of the mantissa rolls into the exponent, which is the right rounding.
  return (sign | (exponent << 10) | (mantissa >> 13)) + ((mantissa >> 12) & 1);
}

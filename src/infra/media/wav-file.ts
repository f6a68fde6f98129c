import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { MediaError } from "./ffmpeg";

// The PCM WAV files ffmpeg writes for the engines (16 kHz mono s16le). Cutting a chunk out of one is a
// byte range copy: no decoder, no re-encoding, so splitting long audio costs next to nothing.

export interface WavInfo {
  /** WAVE format tag: 1 is integer PCM. */
  formatTag: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Where the PCM samples start in the file. */
  dataOffset: number;
  dataBytes: number;
  durationSeconds: number;
}

/** Reads the RIFF chunks up to `data` (ffmpeg may put a LIST chunk first). */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const { size } = await handle.stat();
    if (bytesRead < 12 || head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") {
      throw new MediaError("CORRUPT", "not a RIFF/WAVE file");
    }
    let offset = 12;
    let format: Omit<WavInfo, "dataOffset" | "dataBytes" | "durationSeconds"> | null = null;
    while (offset + 8 <= bytesRead) {
      const id = head.toString("ascii", offset, offset + 4);
      const length = head.readUInt32LE(offset + 4);
      if (id === "fmt ") {
        format = {
          formatTag: head.readUInt16LE(offset + 8),
          channels: head.readUInt16LE(offset + 10),
          sampleRate: head.readUInt32LE(offset + 12),
          bitsPerSample: head.readUInt16LE(offset + 22),
        };
      } else if (id === "data") {
        if (!format) break;
        const dataOffset = offset + 8;
        // Streamed WAVs carry a placeholder length; the file size is the truth.
        const dataBytes = Math.min(length, size - dataOffset);
        const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
        return { ...format, dataOffset, dataBytes, durationSeconds: dataBytes / bytesPerSecond };
      }
      offset += 8 + length + (length % 2);
    }
    throw new MediaError("CORRUPT", "WAV without fmt and data chunks");
  } finally {
    await handle.close();
  }
}

/** Already what the engines read (16 kHz mono 16-bit PCM with samples), so decoding it again is waste. */
export async function isEngineReadyWav(path: string): Promise<boolean> {
  const info = await readWavInfo(path).catch(() => null);
  return (
    info !== null &&
    info.formatTag === 1 &&
    info.sampleRate === 16_000 &&
    info.channels === 1 &&
    info.bitsPerSample === 16 &&
    info.dataBytes >= 2
  );
}

function header(info: WavInfo, dataBytes: number): Buffer {
  const buffer = Buffer.alloc(44);
  const blockAlign = info.channels * (info.bitsPerSample / 8);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(info.channels, 22);
  buffer.writeUInt32LE(info.sampleRate, 24);
  buffer.writeUInt32LE(info.sampleRate * blockAlign, 28);
  buffer.writeUInt16LE(blockAlign, 32);
  buffer.writeUInt16LE(info.bitsPerSample, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);
  return buffer;
}

/** Writes seconds [start, end) of `source` as a WAV of its own (temporary file, then rename). */
export async function sliceWav(source: string, destination: string, { start, end }: { start: number; end: number }): Promise<void> {
  const info = await readWavInfo(source);
  const blockAlign = info.channels * (info.bitsPerSample / 8);
  const toByte = (seconds: number) => Math.min(info.dataBytes, Math.max(0, Math.round(seconds * info.sampleRate)) * blockAlign);
  const first = toByte(start);
  const last = toByte(end);
  const temporary = `${destination}.part`;
  try {
    const output = createWriteStream(temporary);
    output.write(header(info, last - first));
    if (last > first) {
      await pipeline(createReadStream(source, { start: info.dataOffset + first, end: info.dataOffset + last - 1 }), output);
    } else {
      await new Promise<void>((resolve, reject) => output.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    await rename(temporary, destination);
  } finally {
    await rm(temporary, { force: true });
  }
}

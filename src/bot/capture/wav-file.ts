import { type FileHandle, open } from "node:fs/promises";

// A 16-bit mono WAV written as the samples arrive: a header with placeholder sizes first, the sizes
// patched on close. Writes are chained so they land in order without the caller waiting on each.

export interface WavFile {
  readonly path: string;
  append(samples: Uint8Array): void;
  /** Bytes of samples written so far. */
  readonly dataBytes: number;
  close(): Promise<void>;
}

function header(sampleRate: number, dataBytes: number): Buffer {
  const buffer = Buffer.alloc(44);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);
  return buffer;
}

export async function createWavFile(path: string, sampleRate: number): Promise<WavFile> {
  const handle: FileHandle = await open(path, "w");
  await handle.write(header(sampleRate, 0), 0, 44, 0);
  let dataBytes = 0;
  let writes: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  return {
    path,
    append(samples) {
      if (isClosed || samples.length === 0) return;
      const position = 44 + dataBytes;
      dataBytes += samples.length;
      writes = writes.then(() => handle.write(samples, 0, samples.length, position));
    },
    get dataBytes() {
      return dataBytes;
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      await writes;
      await handle.write(header(sampleRate, dataBytes), 0, 44, 0);
      await handle.close();
    },
  };
}

import { spawn } from "node:child_process";
import { ffmpegPath } from "../../src/infra/media/ffmpeg";

/** Any audio (a file path, or bytes such as a joined webm) as 16 kHz mono 16-bit samples, via ffmpeg. */
export function decodePcm(input: string | Buffer): Promise<Int16Array> {
  return new Promise((resolve, reject) => {
    const source = typeof input === "string" ? input : "pipe:0";
    const child = spawn(ffmpegPath, [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-i",
      source,
      "-ac",
      "1",
      "-ar",
      "16000",
      "-f",
      "s16le",
      "pipe:1",
    ]);
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}`));
      const bytes = Buffer.concat(chunks);
      resolve(new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2)));
    });
    if (typeof input === "string") child.stdin.end();
    else child.stdin.end(input);
  });
}

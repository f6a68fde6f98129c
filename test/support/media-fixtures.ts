import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpegPath } from "../../src/infra/media/ffmpeg";

// Media made on the spot with the bundled ffmpeg (nothing binary committed): a short video with the
// JFK clip as its sound, a video without sound, silence; plus ways to break them.
export const speechDir = path.resolve("..", "shared", "fixtures", "speech");
export const clipPath = (name: string) => path.join(speechDir, `${name}.wav`);

function ffmpeg(args: string[]): void {
  const result = spawnSync(ffmpegPath, ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

export function makeMedia(): { dir: string; videoWithSpeech: string; videoWithoutSound: string; silence: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-media-"));
  const videoWithSpeech = path.join(dir, "talk.mp4");
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=160x120:rate=10",
    "-i",
    clipPath("c6"),
    "-shortest",
    "-c:v",
    "mpeg4",
    "-c:a",
    "aac",
    videoWithSpeech,
  ]);
  const videoWithoutSound = path.join(dir, "mute.mp4");
  ffmpeg(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "3", "-c:v", "mpeg4", videoWithoutSound]);
  const silence = path.join(dir, "silence.wav");
  ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "5", silence]);
  return { dir, videoWithSpeech, videoWithoutSound, silence };
}

export const bytesOf = (file: string) => new Uint8Array(readFileSync(file));

/** Speech clips back to back in one WAV (16 kHz mono unless told otherwise). */
export function joinClips(names: readonly string[], file: string, { rate = 16_000, channels = 1 } = {}): string {
  const inputs = names.flatMap((name) => ["-i", clipPath(name)]);
  ffmpeg([...inputs, "-filter_complex", `concat=n=${names.length}:v=0:a=1`, "-ar", String(rate), "-ac", String(channels), file]);
  return file;
}

/** Over one 8 MB tus chunk: the JFK clip five times as 48 kHz stereo WAV (55 s, about 10.5 MB). */
export function makeLargeWav(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-media-"));
  return joinClips(Array(5).fill("c6"), path.join(dir, "long-speech.wav"), { rate: 48_000, channels: 2 });
}

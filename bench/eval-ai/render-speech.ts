import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { ffmpegPath } from "../../src/infra/media/ffmpeg";
import type { MeetingScript } from "./meeting-script";

// A scripted meeting as one 16 kHz mono WAV, each line in its speaker's espeak-ng voice, with pauses
// between turns; the true turns come from the sample counts, so they are exact.

export const sampleRate = 16_000;

export interface TrueTurn {
  line: number;
  speaker: string;
  start: number;
  end: number;
  text: string;
}

export interface RenderedMeeting {
  wavPath: string;
  seconds: number;
  turns: TrueTurn[];
}

export function checkEspeak(): void {
  const found = spawnSync("espeak-ng", ["--version"], { encoding: "utf8" });
  if (found.status !== 0) {
    process.stderr.write("espeak-ng is not installed: apt-get install espeak-ng (Debian), then run npm run eval:ai again\n");
    process.exit(2);
  }
}

/** One line through espeak-ng (22.05 kHz WAV on stdout), resampled by the bundled ffmpeg to 16 kHz s16le. */
function speak(text: string, voice: { voice: string; pitch: number; speed: number }): Buffer {
  const spoken = spawnSync("espeak-ng", ["-v", voice.voice, "-p", String(voice.pitch), "-s", String(voice.speed), "--stdout", text], {
    maxBuffer: 64 * 1024 * 1024,
  });
  if (spoken.status !== 0) throw new Error(`espeak-ng failed for voice ${voice.voice}: ${spoken.stderr.toString()}`);
  const pcm = spawnSync(
    ffmpegPath,
    ["-nostdin", "-loglevel", "error", "-i", "pipe:0", "-ar", String(sampleRate), "-ac", "1", "-f", "s16le", "pipe:1"],
    {
      input: spoken.stdout,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (pcm.status !== 0) throw new Error(`ffmpeg failed: ${pcm.stderr.toString()}`);
  return pcm.stdout;
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Pauses of 0.5-0.9 s, the same every run (a fixed sequence, not random). */
const pauseSeconds = (index: number) => 0.5 + ((index * 7) % 5) / 10;

export async function renderMeeting(script: MeetingScript, folder: string): Promise<RenderedMeeting> {
  const pieces: Buffer[] = [];
  const turns: TrueTurn[] = [];
  let samples = 0;
  const silence = (seconds: number) => {
    const count = Math.round(seconds * sampleRate);
    pieces.push(Buffer.alloc(count * 2));
    samples += count;
  };
  silence(0.5);
  script.lines.forEach((line, index) => {
    const voice = script.speakers[line.speaker];
    if (!voice) throw new Error(`${line.speaker} has no voice`);
    const pcm = speak(line.text, voice);
    const start = samples / sampleRate;
    pieces.push(pcm);
    samples += pcm.length / 2;
    turns.push({ line: index, speaker: line.speaker, start, end: samples / sampleRate, text: line.text });
    silence(pauseSeconds(index));
  });
  const data = Buffer.concat(pieces);
  const wavPath = path.join(folder, `${script.id}.wav`);
  await writeFile(wavPath, Buffer.concat([wavHeader(data.length), data]));
  return { wavPath, seconds: samples / sampleRate, turns };
}

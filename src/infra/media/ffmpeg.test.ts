import { spawnSync } from "node:child_process";
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeToWav16kMono, ffmpegPath, probeMedia } from "./ffmpeg";

// Real ffmpeg on real files: the speech fixture, media made here with ffmpeg's own generators, and the
// bad inputs of issue 4 (empty, not media, truncated, no audio).
const fixture = path.resolve("..", "shared", "fixtures", "speech", "c6.wav");

describe("ffmpeg media handling", () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  function generate(name: string, args: string[]): void {
    const result = spawnSync(ffmpegPath, ["-nostdin", "-hide_banner", "-loglevel", "error", ...args, "-y", file(name)]);
    if (result.status !== 0) throw new Error(`could not generate ${name}: ${result.stderr}`);
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "parley-media-"));
    const sine = ["-f", "lavfi", "-i", "sine=frequency=440:duration=3"];
    const picture = ["-f", "lavfi", "-i", "testsrc=duration=3:size=160x120:rate=10"];
    generate("talk.mp4", [...sine, ...picture, "-shortest", "-c:v", "mpeg4", "-c:a", "aac"]);
    generate("silent.mp4", [...picture, "-c:v", "mpeg4"]);
    generate("long.wav", ["-f", "lavfi", "-i", "sine=frequency=300:duration=600"]);
    await writeFile(file("empty.mp3"), "");
    await writeFile(file("notes.mp3"), "these are not sounds\n".repeat(50));
    await writeFile(file("truncated.mp4"), (await readFile(file("talk.mp4"))).subarray(0, 3000));
    await copyFile(fixture, file("speech.wav"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("probes a WAV clip and a video with sound", async () => {
    expect(await probeMedia(file("speech.wav"))).toEqual({ durationSeconds: 10.92, hasAudio: true, hasVideo: false, formatName: "wav" });
    const video = await probeMedia(file("talk.mp4"));
    expect(video).toMatchObject({ hasAudio: true, hasVideo: true, formatName: "mov,mp4,m4a,3gp,3g2,mj2" });
    expect(video.durationSeconds).toBeCloseTo(3, 0);
  });

  it.each([
    ["an empty file", "empty.mp3", "EMPTY"],
    ["a text file named .mp3", "notes.mp3", "NOT_MEDIA"],
    ["a truncated MP4", "truncated.mp4", "CORRUPT"],
  ])("names %s", async (_label, name, code) => {
    await expect(probeMedia(file(name))).rejects.toMatchObject({ name: "MediaError", code });
  });

  it("decodes a video's sound to 16 kHz mono 16-bit WAV", async () => {
    await decodeToWav16kMono(file("talk.mp4"), file("talk.wav"));
    const header = await readFile(file("talk.wav"));
    expect(header.toString("ascii", 0, 4)).toBe("RIFF");
    expect(header.readUInt16LE(22)).toBe(1);
    expect(header.readUInt32LE(24)).toBe(16000);
    expect(header.readUInt16LE(34)).toBe(16);
    expect((await probeMedia(file("talk.wav"))).durationSeconds).toBeCloseTo(3, 0);
  });

  it("refuses a video without sound", async () => {
    await expect(decodeToWav16kMono(file("silent.mp4"), file("silent.wav"))).rejects.toMatchObject({ code: "NO_AUDIO" });
    expect(await readdir(dir)).not.toContain("silent.wav");
  });

  it("stops when aborted and leaves no output", async () => {
    const controller = new AbortController();
    const decoding = decodeToWav16kMono(file("long.wav"), file("long-16k.wav"), { signal: controller.signal });
    controller.abort();
    await expect(decoding).rejects.toMatchObject({ code: "ABORTED" });
    expect((await readdir(dir)).filter((name) => name.startsWith("long-16k"))).toEqual([]);
  });
});

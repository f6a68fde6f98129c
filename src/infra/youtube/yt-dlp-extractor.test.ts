import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { YoutubeError } from "./youtube-error";
import { YtDlpFailure } from "./yt-dlp-errors";
import { downloadYtDlpAudio, fetchYtDlpVideo, type YtDlpVideoOptions } from "./yt-dlp-extractor";
import { locateYtDlp, type YtDlp } from "./yt-dlp-process";

// The real yt-dlp from PyPI (scripts/models/fetch-yt-dlp.sh). Its YouTube extractor only talks to
// youtube.com, so these runs use its generic extractor on pages of a local server (testOnlyPageUrl):
// a page whose JSON-LD names a title, a duration and the audio file, as a video page does.

const videoId = "dQw4w9WgXcQ";
const sampleRate = 16_000;

/** A mono 16-bit WAV of `seconds` of a 440 Hz tone: real audio, made here, nothing binary committed. */
function toneWav(seconds: number): Buffer {
  const samples = seconds * sampleRate;
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / sampleRate)), index * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function videoPage(origin: string, { title, seconds, audio }: { title: string; seconds: number; audio: string }): string {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: title,
    duration: `PT${seconds}S`,
    contentUrl: `${origin}/${audio}`,
    uploadDate: "2026-01-01",
    thumbnailUrl: `${origin}/thumbnail.jpg`,
    description: title,
  };
  return `<!doctype html><html><head><title>${title}</title><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body></body></html>`;
}

let server: Server;
let origin: string;
let ytDlp: YtDlp;
const audio = toneWav(3);
const requests: string[] = [];
/** Called when the slow audio is asked for: the abort test aborts there, while yt-dlp is downloading. */
let onSlowAudio: () => void = () => undefined;
const audioRequests = (url: string) => requests.filter((requested) => requested === url).length;
const scratchRoot = mkdtempSync(path.join(tmpdir(), "parley-ytdlp-"));

beforeAll(async () => {
  const fetched = spawnSync("bash", ["scripts/models/fetch-yt-dlp.sh"], { encoding: "utf8" });
  if (fetched.status !== 0) throw new Error(`could not install yt-dlp: ${fetched.stderr}`);
  const located = await locateYtDlp("auto", fetched.stdout.trim().split("\n").pop());
  if (!located) throw new Error("scripts/models/fetch-yt-dlp.sh gave no working yt-dlp");
  ytDlp = located;
  server = createServer((request, response) => {
    const url = request.url ?? "/";
    requests.push(url);
    const page = (body: string) => response.writeHead(200, { "content-type": "text/html" }).end(body);
    if (url === "/watch/short") return page(videoPage(origin, { title: "Weekly sync", seconds: 3, audio: "short.wav" }));
    if (url === "/watch/long") return page(videoPage(origin, { title: "All-day offsite", seconds: 5 * 60 * 60, audio: "long.wav" }));
    if (url === "/watch/slow") return page(videoPage(origin, { title: "Slow one", seconds: 3, audio: "slow.wav" }));
    if (url === "/short.wav" || url === "/long.wav")
      return response.writeHead(200, { "content-type": "audio/wav", "content-length": audio.length }).end(audio);
    if (url === "/slow.wav") {
      // The header and a first piece, then nothing: yt-dlp sits in the download until it is killed.
      response.writeHead(200, { "content-type": "audio/wav", "content-length": audio.length });
      response.write(audio.subarray(0, 4096));
      onSlowAudio();
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(scratchRoot, { recursive: true, force: true });
});

function optionsFor(page: string, scratchName: string, extra: Partial<YtDlpVideoOptions> = {}): YtDlpVideoOptions {
  return { ytDlp, scratchDir: path.join(scratchRoot, scratchName), testOnlyPageUrl: `${origin}${page}`, ...extra };
}

describe("yt-dlp extractor (real yt-dlp, local pages)", () => {
  it("reports yt-dlp's version", () => {
    expect(ytDlp.version).toMatch(/^\d{4}\.\d{2}\.\d{2}/);
  });

  it("reads the metadata first, then downloads the audio into the scratch folder", async () => {
    const options = optionsFor("/watch/short", "short");
    const before = audioRequests("/short.wav");
    const video = await fetchYtDlpVideo(videoId, options);
    expect(video).toMatchObject({ videoId, title: "Weekly sync", durationSeconds: 3, captions: null });
    // The generic extractor looks at the first bytes of the file the page names (what it is); the
    // YouTube extractor reads only the player API. The download is the one request after that.
    expect(audioRequests("/short.wav")).toBe(before + 1);
    const destination = path.join(options.scratchDir, "youtube-audio");
    const downloaded = await downloadYtDlpAudio(video, destination, options);
    expect(audioRequests("/short.wav")).toBe(before + 2);
    expect(downloaded).toEqual({ path: destination, bytes: audio.length });
    expect(await readFile(destination)).toEqual(audio);
    // Only the finished file is left beside the metadata: no temporary or .part file.
    expect((await readdir(options.scratchDir)).sort()).toEqual(["youtube-audio", "yt-dlp-info.json"]);
  });

  it("refuses a video over the length limit before downloading anything", async () => {
    const error = await fetchYtDlpVideo(videoId, optionsFor("/watch/long", "long", { maxDurationSeconds: 4 * 60 * 60 })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(YoutubeError);
    expect(error).toMatchObject({ code: "TOO_LONG" });
    // Only the generic extractor's look at the file's first bytes (see above), no download.
    expect(audioRequests("/long.wav")).toBe(1);
    expect(await readdir(path.join(scratchRoot, "long"))).toEqual([]);
  });

  it("refuses audio over the size limit and leaves no file", async () => {
    const options = optionsFor("/watch/short", "big", { maxBytes: 10_000 });
    const video = await fetchYtDlpVideo(videoId, options);
    const destination = path.join(options.scratchDir, "youtube-audio");
    await expect(downloadYtDlpAudio(video, destination, options)).rejects.toMatchObject({ code: "TOO_LONG" });
    expect(await readdir(options.scratchDir)).toEqual(["yt-dlp-info.json"]);
  });

  it("an abort kills yt-dlp mid-download and rejects with the abort's reason", async () => {
    const controller = new AbortController();
    const pids: number[] = [];
    const options = optionsFor("/watch/slow", "slow", { signal: controller.signal, onSpawn: (pid) => pids.push(pid) });
    const video = await fetchYtDlpVideo(videoId, options);
    onSlowAudio = () => controller.abort(new Error("job cancelled"));
    const destination = path.join(options.scratchDir, "youtube-audio");
    await expect(downloadYtDlpAudio(video, destination, options)).rejects.toThrow("job cancelled");
    const downloadPid = pids.at(-1) ?? 0;
    // The promise settles after the child exited: signal 0 finds no such process.
    expect(() => process.kill(downloadPid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    expect(await stat(destination).catch(() => null)).toBeNull();
    expect(await readdir(options.scratchDir)).toEqual(["yt-dlp-info.json"]);
  });

  it("a page that answers 404 is a missing video (yt-dlp's real ERROR line)", async () => {
    const error = await fetchYtDlpVideo(videoId, optionsFor("/watch/gone", "gone")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeError);
    expect(error).toMatchObject({ code: "NOT_FOUND", youtubeReason: expect.stringContaining("HTTP Error 404") });
  });

  it("an executable that is not yt-dlp fails as yt-dlp's own problem, for the built-in client to take over", async () => {
    const notYtDlp: YtDlp = { executable: "/bin/false", version: "2026.10.26" };
    const error = await fetchYtDlpVideo(videoId, optionsFor("/watch/short", "false", { ytDlp: notYtDlp })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(YtDlpFailure);
  });

  it("is not located when the setting is builtin or the path is not an executable", async () => {
    expect(await locateYtDlp("builtin", ytDlp.executable)).toBeNull();
    expect(await locateYtDlp("auto", path.join(scratchRoot, "no-such-yt-dlp"))).toBeNull();
    expect(await locateYtDlp("auto", undefined, path.dirname(ytDlp.executable))).toEqual(ytDlp);
  });
});

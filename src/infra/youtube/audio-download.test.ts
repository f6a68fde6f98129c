import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startYoutubeStandIn, type YoutubeStandIn } from "../../../test/stand-ins/youtube/server";
import { youtubeStandInVideos as videos } from "../../../test/stand-ins/youtube/videos";
import { withRange } from "./audio-download";
import type { YoutubeAudioSource } from "./audio-formats";
import { type DownloadYoutubeAudioOptions, downloadYoutubeAudio, fetchYoutubeVideo } from "./youtube-client";
import { YoutubeError } from "./youtube-error";

let standIn: YoutubeStandIn;
let directory: string;
const fetchPolicy = { allowedHosts: ["127.0.0.1", "10.0.0.1"], unsafeAllowAddresses: ["127.0.0.1"] };

async function audioOf(videoId: string): Promise<YoutubeAudioSource> {
  const video = await fetchYoutubeVideo(videoId, { baseUrl: standIn.url, fetch: fetchPolicy });
  if (!video.audio) throw new Error(`${videoId} has no audio`);
  return video.audio;
}

async function failureOf(audio: YoutubeAudioSource, destination: string, options: DownloadYoutubeAudioOptions): Promise<YoutubeError> {
  const error = await downloadYoutubeAudio(audio, destination, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof YoutubeError)) throw new Error(`expected a YoutubeError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  standIn = await startYoutubeStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "youtube-audio-"));
  return () => rm(directory, { recursive: true, force: true });
});

describe("downloadYoutubeAudio", () => {
  it("streams the audio to the file in range requests, bytes as served", async () => {
    const audio = await audioOf(videos.audioOnly);
    const destination = path.join(directory, "audio.wav");
    const before = standIn.requests.length;
    const result = await downloadYoutubeAudio(audio, destination, { fetch: fetchPolicy, chunkBytes: 100_000 });
    expect(result).toEqual({ path: destination, bytes: standIn.audio.length });
    expect((await readFile(destination)).equals(standIn.audio)).toBe(true);
    const ranges = standIn.requests.slice(before).map((request) => new URL(request.slice(4), standIn.url).searchParams.get("range"));
    expect(ranges).toEqual(["0-99999", "100000-199999", "200000-299999", `300000-${standIn.audio.length - 1}`]);
    expect(await readdir(directory)).toEqual(["audio.wav"]);
  });

  it("downloads a file of unknown length until a short piece", async () => {
    const audio = { ...(await audioOf(videos.audioOnly)), contentLength: null };
    const destination = path.join(directory, "audio.wav");
    await downloadYoutubeAudio(audio, destination, { fetch: fetchPolicy, chunkBytes: 200_000 });
    expect((await readFile(destination)).equals(standIn.audio)).toBe(true);
  });

  it("downloads in one piece by default (10 MiB pieces)", async () => {
    const audio = await audioOf(videos.audioOnly);
    const destination = path.join(directory, "audio.wav");
    const before = standIn.requests.length;
    await downloadYoutubeAudio(audio, destination, { fetch: fetchPolicy });
    expect((await readFile(destination)).equals(standIn.audio)).toBe(true);
    expect(standIn.requests.slice(before)).toHaveLength(1);
  });

  it("refuses audio over maxBytes before asking when the length is known", async () => {
    const audio = await audioOf(videos.audioOnly);
    const before = standIn.requests.length;
    const error = await failureOf(audio, path.join(directory, "audio.wav"), { fetch: fetchPolicy, maxBytes: 1000 });
    expect(error).toMatchObject({ code: "TOO_LONG", refusal: "TOO_LARGE", isRetryable: false });
    expect(standIn.requests.length).toBe(before);
  });

  it("stops at maxBytes while streaming when the length is unknown, leaving no file behind", async () => {
    const audio = { ...(await audioOf(videos.audioOnly)), contentLength: null };
    const error = await failureOf(audio, path.join(directory, "audio.wav"), { fetch: fetchPolicy, maxBytes: 150_000, chunkBytes: 100_000 });
    expect(error).toMatchObject({ code: "TOO_LONG", refusal: "TOO_LARGE" });
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses a redirect to a private address, leaving no file behind", async () => {
    const audio = await audioOf(videos.privateRedirect);
    const error = await failureOf(audio, path.join(directory, "audio.wav"), { fetch: fetchPolicy });
    expect(error).toMatchObject({ code: "UNAVAILABLE", refusal: "PRIVATE_ADDRESS", isRetryable: false });
    expect(await readdir(directory)).toEqual([]);
  });

  it("says the audio host cannot be reached when its connection is refused, leaving no file behind", async () => {
    const audio = await audioOf(videos.unreachableAudio);
    const error = await failureOf(audio, path.join(directory, "audio.wav"), { fetch: fetchPolicy });
    expect(error).toMatchObject({ code: "UNREACHABLE", isRetryable: false });
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses an audio host off the allow-list", async () => {
    const audio = await audioOf(videos.audioOnly);
    const error = await failureOf(audio, path.join(directory, "audio.wav"), { fetch: { unsafeAllowAddresses: ["127.0.0.1"] } });
    expect(error).toMatchObject({ code: "UNAVAILABLE", refusal: "HOST_NOT_ALLOWED" });
  });

  it("passes the caller's abort through and removes the partial file", async () => {
    const controller = new AbortController();
    const reason = new Error("job cancelled");
    controller.abort(reason);
    const audio = await audioOf(videos.audioOnly);
    await expect(
      downloadYoutubeAudio(audio, path.join(directory, "audio.wav"), { fetch: fetchPolicy, signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(await readdir(directory)).toEqual([]);
  });

  it("asks googlevideo for a range with its URL parameter, replacing one already there", () => {
    const url = new URL(withRange("https://rr1---sn-abc.googlevideo.com/videoplayback?itag=139&range=0-1", 10, 20));
    expect(url.searchParams.getAll("range")).toEqual(["10-20"]);
    expect(url.searchParams.get("itag")).toBe("139");
  });
});

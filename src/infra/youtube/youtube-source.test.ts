import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startYoutubeStandIn, type YoutubeStandIn } from "../../../test/stand-ins/youtube/server";
import { youtubeStandInVideos as videos } from "../../../test/stand-ins/youtube/videos";
import { youtubeAllowedHosts } from "./youtube-client";
import { YoutubeError } from "./youtube-error";
import { type OpenYoutubeVideoOptions, openYoutubeVideo } from "./youtube-source";
import { locateYtDlp, type YtDlp } from "./yt-dlp-process";

// Which program reads a video: yt-dlp first when there is one, the built-in client (here against the
// YouTube stand-in) when yt-dlp fails for its own reasons, and never after yt-dlp said something about
// the video itself. The failing "yt-dlp"s are two-line scripts printing yt-dlp's real ERROR lines.

let standIn: YoutubeStandIn;
let realYtDlp: YtDlp;
const dir = mkdtempSync(path.join(tmpdir(), "parley-youtube-source-"));

async function scriptYtDlp(name: string, errorLine: string): Promise<YtDlp> {
  const executable = path.join(dir, name);
  await writeFile(executable, `#!/bin/sh\necho '${errorLine}' >&2\nexit 1\n`, { mode: 0o755 });
  return { executable, version: "2026.10.26" };
}

function optionsWith(ytDlp: YtDlp | null, extra: Partial<OpenYoutubeVideoOptions> = {}): OpenYoutubeVideoOptions {
  return {
    builtin: { baseUrl: standIn.url, fetch: { allowedHosts: [...youtubeAllowedHosts, "127.0.0.1"], unsafeAllowAddresses: ["127.0.0.1"] } },
    ytDlp,
    scratchDir: path.join(dir, `scratch-${Math.random().toString(36).slice(2)}`),
    ...extra,
  };
}

beforeAll(async () => {
  standIn = await startYoutubeStandIn();
  const fetched = spawnSync("bash", ["scripts/models/fetch-yt-dlp.sh"], { encoding: "utf8" });
  if (fetched.status !== 0) throw new Error(`could not install yt-dlp: ${fetched.stderr}`);
  const located = await locateYtDlp("auto", fetched.stdout.trim().split("\n").pop());
  if (!located) throw new Error("scripts/models/fetch-yt-dlp.sh gave no working yt-dlp");
  realYtDlp = located;
});
afterAll(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

describe("openYoutubeVideo", () => {
  it("without yt-dlp, the built-in client reads the video", async () => {
    const video = await openYoutubeVideo(videos.manualCaptions, optionsWith(null, { preferredLanguage: "en" }));
    expect(video).toMatchObject({ extractor: "builtin", title: "Inaugural address (excerpt)", durationSeconds: 11 });
    expect(video.captions?.segments.map((segment) => segment.text).join(" ")).toBe(standIn.referenceText);
  });

  it("when yt-dlp fails for its own reasons, the built-in client takes over and the job is told", async () => {
    const broken = await scriptYtDlp(
      "outdated-yt-dlp",
      "ERROR: [youtube] jfkAudioOnl: nsig extraction failed: You may experience throttling",
    );
    const fallbacks: unknown[] = [];
    const options = optionsWith(broken, { onFallback: (error) => fallbacks.push(error) });
    const video = await openYoutubeVideo(videos.audioOnly, options);
    expect(video).toMatchObject({ extractor: "builtin", captions: null });
    expect(fallbacks).toHaveLength(1);
    const destination = path.join(dir, "audio-only");
    await expect(video.downloadAudio(destination)).resolves.toMatchObject({ path: destination });
    expect((await stat(destination)).size).toBeGreaterThan(1000);
  });

  it("what yt-dlp says about the video is final: the built-in client is not asked", async () => {
    const asked = standIn.playerRequests.length;
    const privateVideo = await scriptYtDlp(
      "private-yt-dlp",
      "ERROR: [youtube] privateVid1: Private video. Sign in if you have been granted access to this video",
    );
    const fallbacks: unknown[] = [];
    const error = await openYoutubeVideo(
      videos.private,
      optionsWith(privateVideo, { onFallback: (caught) => fallbacks.push(caught) }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeError);
    expect(error).toMatchObject({ code: "UNAVAILABLE" });
    expect(fallbacks).toEqual([]);
    expect(standIn.playerRequests.length).toBe(asked);
  });

  it("with a working yt-dlp, yt-dlp reads the video and downloads its audio", async () => {
    // The stand-in's audio stream (c6.wav): yt-dlp's generic extractor reads the direct file.
    const options = optionsWith(realYtDlp, { testOnlyPageUrl: `${standIn.url}/videoplayback?id=o-${videos.audioOnly}&itag=140` });
    const video = await openYoutubeVideo(videos.audioOnly, options);
    expect(video.extractor).toBe("yt-dlp");
    const destination = path.join(dir, "via-yt-dlp");
    await video.downloadAudio(destination);
    expect(await readFile(destination)).toEqual(standIn.audio);
  });
});

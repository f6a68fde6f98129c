import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { youtubeExtractorInfo } from "./youtube-extractor-report";

// The engines page's YouTube card with the real yt-dlp from PyPI (scripts/models/fetch-yt-dlp.sh) and
// without one. The search path is given, so a yt-dlp on this machine's PATH changes nothing here.

let executable: string;
const youtube = "https://www.youtube.com";

beforeAll(() => {
  const fetched = spawnSync("bash", ["scripts/models/fetch-yt-dlp.sh"], { encoding: "utf8" });
  if (fetched.status !== 0) throw new Error(`could not install yt-dlp: ${fetched.stderr}`);
  executable = path.resolve(fetched.stdout.trim().split("\n").pop() ?? "");
});

describe("the YouTube extractor card", () => {
  it("names yt-dlp and its version when one is on the search path", async () => {
    const info = await youtubeExtractorInfo(
      { YOUTUBE_EXTRACTOR: "auto", YTDLP_PATH: undefined, YOUTUBE_BASE_URL: youtube },
      path.dirname(executable),
    );
    expect(info).toMatchObject({
      capability: "youtube",
      engine: expect.stringMatching(/^yt-dlp \d{4}\.\d{2}\.\d{2}/),
      source: { kind: "default" },
      health: { state: "ok", detail: executable },
    });
  });

  it("uses YTDLP_PATH and says the environment chose it", async () => {
    const info = await youtubeExtractorInfo({ YOUTUBE_EXTRACTOR: "yt-dlp", YTDLP_PATH: executable, YOUTUBE_BASE_URL: youtube }, "");
    expect(info).toMatchObject({
      engine: expect.stringMatching(/^yt-dlp /),
      source: { kind: "environment", variables: ["YOUTUBE_EXTRACTOR", "YTDLP_PATH"] },
    });
  });

  it("falls back to the built-in client: working when none is installed, an error when yt-dlp was asked for", async () => {
    const auto = await youtubeExtractorInfo({ YOUTUBE_EXTRACTOR: "auto", YTDLP_PATH: undefined, YOUTUBE_BASE_URL: youtube }, "");
    expect(auto).toMatchObject({ engine: "built-in", health: { state: "ok", detail: expect.stringContaining("no yt-dlp on PATH") } });
    const asked = await youtubeExtractorInfo({ YOUTUBE_EXTRACTOR: "yt-dlp", YTDLP_PATH: undefined, YOUTUBE_BASE_URL: youtube }, "");
    expect(asked).toMatchObject({ engine: "built-in", health: { state: "error" } });
  });

  it("never uses yt-dlp when set to builtin or when YouTube is a stand-in", async () => {
    const off = await youtubeExtractorInfo({ YOUTUBE_EXTRACTOR: "builtin", YTDLP_PATH: executable, YOUTUBE_BASE_URL: youtube });
    expect(off).toMatchObject({
      engine: "built-in",
      health: { state: "ok", detail: expect.stringContaining("YOUTUBE_EXTRACTOR=builtin") },
    });
    const standIn = await youtubeExtractorInfo({
      YOUTUBE_EXTRACTOR: "auto",
      YTDLP_PATH: executable,
      YOUTUBE_BASE_URL: "http://127.0.0.1:9",
    });
    expect(standIn).toMatchObject({ engine: "built-in", health: { detail: expect.stringContaining("http://127.0.0.1:9") } });
  });
});

import { youtubeExtractorSetting } from "~/infra/youtube/youtube-env";
import { findYtDlpExecutable, locateYtDlp } from "~/infra/youtube/yt-dlp-process";
import type { EngineInfo } from "~/shared/engines/engines-api";
import type { Env } from "./env";

// The engines page's YouTube card (issue 19): which program reads YouTube links. yt-dlp is looked up
// as the worker does (YOUTUBE_EXTRACTOR, YTDLP_PATH, else PATH) and asked its version, which is all
// this costs: one Python start, when an admin opens the page.

type YoutubeEnv = Pick<Env, "YOUTUBE_EXTRACTOR" | "YTDLP_PATH" | "YOUTUBE_BASE_URL">;

export async function youtubeExtractorInfo(env: YoutubeEnv, searchPath?: string): Promise<EngineInfo> {
  const variables = [
    ...(env.YOUTUBE_EXTRACTOR !== "auto" ? ["YOUTUBE_EXTRACTOR"] : []),
    ...(env.YTDLP_PATH !== undefined ? ["YTDLP_PATH"] : []),
  ];
  const base = {
    capability: "youtube" as const,
    languages: null,
    source:
      variables.length > 0
        ? { kind: "environment" as const, variables, updatedBy: null, updatedAt: null }
        : { kind: "default" as const, variables: ["YOUTUBE_EXTRACTOR"], updatedBy: null, updatedAt: null },
    lockedVariables: [],
    settings: null,
  };
  const setting = youtubeExtractorSetting(env);
  const ytDlp = await locateYtDlp(setting, env.YTDLP_PATH, searchPath);
  if (ytDlp) return { ...base, engine: `yt-dlp ${ytDlp.version}`, model: null, health: { state: "ok", detail: ytDlp.executable } };
  if (setting === "builtin") {
    const why = env.YOUTUBE_EXTRACTOR === "builtin" ? "YOUTUBE_EXTRACTOR=builtin" : `YOUTUBE_BASE_URL is ${env.YOUTUBE_BASE_URL}`;
    return { ...base, engine: "built-in", model: null, health: { state: "ok", detail: `${why}: the built-in client reads YouTube links` } };
  }
  const found = await findYtDlpExecutable(env.YTDLP_PATH, searchPath);
  const detail = found
    ? `${found} did not answer --version: the built-in client reads YouTube links`
    : `no yt-dlp ${env.YTDLP_PATH ? `at ${env.YTDLP_PATH}` : "on PATH"}: the built-in client reads YouTube links and may stop working when YouTube changes`;
  // Asked for and absent (or broken) is a fault to fix; absent under auto is the built-in client working as designed.
  const state = env.YOUTUBE_EXTRACTOR === "yt-dlp" || found ? ("error" as const) : ("ok" as const);
  return { ...base, engine: "built-in", model: null, health: { state, detail } };
}

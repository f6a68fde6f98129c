import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { playerResponseFor, unknownVideo } from "./player-responses";
import { asrJson3, cuesFor, manualJson3, srv1, srv3 } from "./timedtext";
import { youtubeStandInVideos as videos } from "./videos";

// A stand-in for the parts of YouTube the client uses, on 127.0.0.1: POST /youtubei/v1/player (InnerTube),
// GET /api/timedtext (caption tracks in json3, srv1, srv3) and GET /videoplayback (googlevideo's stream
// URLs, with its `range=first-last` parameter). The scenarios are the ids in videos.ts. Never imported by src/.

export interface YoutubeStandIn {
  /** `http://127.0.0.1:<port>`: the client's baseUrl. */
  url: string;
  port: number;
  /** Every request as "METHOD /path?query", in order. */
  requests: string[];
  /** Every player request body, parsed. */
  playerRequests: unknown[];
  /** The audio bytes /videoplayback serves (c6.wav). */
  audio: Buffer;
  /** The reference text of the speech (c6.txt), the manual English track's text. */
  referenceText: string;
  close(): Promise<void>;
}

export interface StartYoutubeStandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where c6.wav and c6.txt are (default /work/shared/fixtures/speech, found from this file). */
  speechFixturesDir?: string;
}

const defaultFixtures = fileURLToPath(new URL("../../../../shared/fixtures/speech/", import.meta.url));
// The speech in c6.wav runs from about 0.3 s to 10.6 s of its 10.9 s.
const speechFromMs = 300;
const speechToMs = 10_600;
const frenchText =
  "Et donc, mes chers compatriotes américains, ne demandez pas ce que votre pays peut faire pour vous, demandez ce que vous pouvez faire pour votre pays.";

export async function startYoutubeStandIn({
  port = 0,
  speechFixturesDir = defaultFixtures,
}: StartYoutubeStandInOptions = {}): Promise<YoutubeStandIn> {
  const audio = await readFile(`${speechFixturesDir}/c6.wav`);
  const referenceText = (await readFile(`${speechFixturesDir}/c6.txt`, "utf8")).trim();
  const englishCues = cuesFor(referenceText, speechFromMs, speechToMs);
  const requests: string[] = [];
  const playerRequests: unknown[] = [];
  const app = new Hono();
  let base = "";

  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    requests.push(`${c.req.method} ${url.pathname}${url.search}`);
    await next();
  });
  app.get("/health", (c) => c.json({ ok: true }));

  app.post("/youtubei/v1/player", async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    playerRequests.push(body);
    // YouTube's answer to a body without a client context or video id.
    const invalid = {
      error: {
        code: 400,
        message: "Request contains an invalid argument.",
        errors: [{ message: "Request contains an invalid argument.", domain: "global", reason: "badRequest" }],
        status: "INVALID_ARGUMENT",
      },
    };
    const videoId = readPath(body, ["videoId"]);
    if (
      typeof videoId !== "string" ||
      typeof readPath(body, ["context", "client", "clientName"]) !== "string" ||
      typeof readPath(body, ["context", "client", "clientVersion"]) !== "string"
    )
      return c.json(invalid, 400);
    if (videoId === videos.serverError) return c.text("<html><title>Error 503 (Service Unavailable)</title></html>", 503);
    if (videoId === videos.rateLimited) return c.text("<html><title>Error 429 (Too Many Requests)</title></html>", 429);
    if (videoId === videos.slowAnswer) await new Promise((resolve) => setTimeout(resolve, 3000));
    return c.json(playerResponseFor(videoId, { base, audioBytes: audio.length }) ?? unknownVideo());
  });

  app.get("/api/timedtext", (c) => {
    const videoId = c.req.query("v");
    const language = c.req.query("lang");
    const isAsr = c.req.query("kind") === "asr";
    const format = c.req.query("fmt");
    if (videoId === videos.emptyCaptionTrack) return c.body(null, 200);
    const cues = language === "fr" ? cuesFor(frenchText, speechFromMs, speechToMs) : englishCues;
    // This track ignores fmt, as old tracks have been seen to: the classic XML whatever was asked.
    if (videoId === videos.xmlCaptions) return xml(srv1(cues));
    if (format === "json3") {
      const json = isAsr ? asrJson3(referenceText, speechFromMs, speechToMs) : manualJson3(cues);
      return c.body(json, 200, { "content-type": "application/json; charset=UTF-8" });
    }
    return xml(format === "srv3" ? srv3(cues) : srv1(cues));
  });

  app.get("/videoplayback", (c) => {
    const id = c.req.query("id") ?? "";
    if (id === `o-${videos.privateRedirect}`) return c.redirect("http://10.0.0.1/videoplayback?itag=139", 302);
    const range = /^(\d+)-(\d+)$/.exec(c.req.query("range") ?? "");
    const first = range ? Number(range[1]) : 0;
    const last = range ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
    if (first >= audio.length) return c.body(null, 416);
    // googlevideo answers a `range` parameter with 200 and just those bytes (not 206: that is for Range headers).
    return c.body(new Uint8Array(audio.subarray(first, last + 1)), 200, { "content-type": "audio/wav", "accept-ranges": "bytes" });
  });

  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: (request) => app.fetch(request), port, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const actualPort = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${actualPort}`;
  return {
    url: base,
    port: actualPort,
    requests,
    playerRequests,
    audio,
    referenceText,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function xml(body: string): Response {
  return new Response(body, { status: 200, headers: { "content-type": "text/xml; charset=UTF-8" } });
}

function readPath(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

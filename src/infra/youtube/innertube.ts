import { z } from "zod";

// The InnerTube player request, as YouTube's own apps send it.
//
// Which client: ANDROID_VR (the YouTube app for Oculus Quest). yt-dlp (yt_dlp/extractor/youtube/_base.py,
// INNERTUBE_CLIENTS, January 2026) marks it REQUIRE_JS_PLAYER: False with no PO-token policy: its player
// response carries plain `url`s on every format (no signatureCipher to decipher with the web player's
// JavaScript, no `n` throttling parameter) and needs no proof-of-origin token for googlevideo or for
// caption tracks. yt-dlp tries it by default; youtubei.js, NewPipe and lavalink ship the same identity.
// Trade-offs seen there: IOS now needs a PO token for stream URLs, WEB/MWEB need both a PO token and the
// JS player, TV answers UNPLAYABLE for many videos; ANDROID_VR does not serve YouTube Kids videos.
// Versions drift: the identity is a parameter (`client`) so operations can update it without a release.

export interface InnertubeClient {
  /** `context.client.clientName`, e.g. ANDROID_VR. */
  clientName: string;
  clientVersion: string;
  /** The numeric id YouTube knows the client by (header X-YouTube-Client-Name). */
  clientNameId: number;
  userAgent: string;
  /** Further `context.client` fields the real app sends (device, OS). */
  context: Record<string, string | number>;
}

/** yt-dlp's android_vr identity (INNERTUBE_CLIENTS["android_vr"], client id 28). */
export const ANDROID_VR_CLIENT: InnertubeClient = {
  clientName: "ANDROID_VR",
  clientVersion: "1.71.26",
  clientNameId: 28,
  userAgent: "com.google.android.apps.youtube.vr.oculus/1.71.26 (Linux; U; Android 12L; eureka-user Build/SQ3A.220605.009.A1) gzip",
  context: { deviceMake: "Oculus", deviceModel: "Quest 3", androidSdkVersion: 32, osName: "Android", osVersion: "12L" },
};

/** The player request: URL, headers and JSON body (yt-dlp `_call_api` + `_generate_player_context`). */
export function playerRequest(baseUrl: string, videoId: string, client: InnertubeClient) {
  const origin = new URL(baseUrl).origin;
  return {
    // prettyPrint=false: compact JSON, as every real client asks; no API key is needed any more.
    url: `${baseUrl.replace(/\/+$/, "")}/youtubei/v1/player?prettyPrint=false`,
    headers: {
      "content-type": "application/json",
      "user-agent": client.userAgent,
      "x-youtube-client-name": String(client.clientNameId),
      "x-youtube-client-version": client.clientVersion,
      origin,
    },
    body: JSON.stringify({
      context: {
        client: {
          clientName: client.clientName,
          clientVersion: client.clientVersion,
          ...client.context,
          userAgent: client.userAgent,
          // English UI strings and UTC, as yt-dlp pins them: reasons and track names stay comparable in logs.
          hl: "en",
          timeZone: "UTC",
          utcOffsetMinutes: 0,
        },
      },
      videoId,
      playbackContext: { contentPlaybackContext: { html5Preference: "HTML5_PREF_WANTS" } },
      // Skip the "this video may be inappropriate" interstitials a person would click through.
      contentCheckOk: true,
      racyCheckOk: true,
    }),
  };
}

// Player response, only the parts read here. Lists are parsed item by item (see parseList): one odd
// format or track YouTube adds tomorrow must not hide the others.

const captionTrackSchema = z.object({
  baseUrl: z.string(),
  languageCode: z.string(),
  /** "asr" for automatic speech recognition; absent for uploaded (manual) tracks. */
  kind: z.string().optional(),
  vssId: z.string().optional(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

const streamFormatSchema = z.object({
  itag: z.number(),
  url: z.string().optional(),
  /** Present instead of `url` for clients that must decipher a signature with the web player's JS. */
  signatureCipher: z.string().optional(),
  cipher: z.string().optional(),
  mimeType: z.string(),
  bitrate: z.number().optional(),
  averageBitrate: z.number().optional(),
  /** A decimal string, as YouTube sends 64-bit numbers. */
  contentLength: z.string().optional(),
  /** Multi-language videos (dubs) carry one audio track per language; one is the default. */
  audioTrack: z.object({ audioIsDefault: z.boolean().optional() }).optional(),
  /** Dynamic-range-compressed duplicate of a format. */
  isDrc: z.boolean().optional(),
});
export type StreamFormat = z.infer<typeof streamFormatSchema>;

export const playerResponseSchema = z.object({
  playabilityStatus: z.object({
    status: z.string(),
    reason: z.string().optional(),
    liveStreamability: z.unknown().optional(),
  }),
  videoDetails: z
    .object({
      videoId: z.string(),
      title: z.string(),
      author: z.string(),
      lengthSeconds: z.string(),
      isLive: z.boolean().optional(),
      isLiveContent: z.boolean().optional(),
      isUpcoming: z.boolean().optional(),
    })
    .optional(),
  captions: z
    .object({ playerCaptionsTracklistRenderer: z.object({ captionTracks: z.array(z.unknown()).optional() }).optional() })
    .optional(),
  streamingData: z.object({ formats: z.array(z.unknown()).optional(), adaptiveFormats: z.array(z.unknown()).optional() }).optional(),
});
export type PlayerResponse = z.infer<typeof playerResponseSchema>;

function parseList<T>(items: readonly unknown[] | undefined, schema: z.ZodType<T>): T[] {
  return (items ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function captionTracksOf(response: PlayerResponse): CaptionTrack[] {
  return parseList(response.captions?.playerCaptionsTracklistRenderer?.captionTracks, captionTrackSchema);
}

export function adaptiveFormatsOf(response: PlayerResponse): StreamFormat[] {
  return parseList(response.streamingData?.adaptiveFormats, streamFormatSchema);
}

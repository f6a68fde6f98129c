import { youtubeStandInVideos as videos } from "./videos";

// /youtubei/v1/player answers, shaped like what YouTube returns to the ANDROID_VR client (field names and
// nesting copied from real responses; tracking blobs shortened). URLs point back at the stand-in.

export interface ScenarioContext {
  /** The stand-in's own URL, for caption and stream URLs. */
  base: string;
  /** Size of the audio the stand-in serves. */
  audioBytes: number;
}

type Json = Record<string, unknown>;

const responseContext = {
  visitorData: "CgtTdGFuZEluVmlzaXQo0Ni8BjIKCgJVUxIEGgAgOQ%3D%3D",
  serviceTrackingParams: [
    {
      service: "ECATCHER",
      params: [
        { key: "client.version", value: "1.71" },
        { key: "client.name", value: "ANDROID_VR" },
      ],
    },
  ],
  maxAgeSeconds: 0,
};

/** The answer for an id the stand-in does not know, as YouTube gives it for a missing or removed video. */
export function unknownVideo(): Json {
  return {
    responseContext,
    playabilityStatus: {
      status: "ERROR",
      reason: "Video unavailable",
      errorScreen: {
        playerErrorMessageRenderer: { reason: { runs: [{ text: "Video unavailable" }] }, icon: { iconType: "ERROR_OUTLINE" } },
      },
      contextParams: "Q0FFU0FnZ0I=",
    },
    trackingParams: "CAAQu2kiEwiStandIn",
  };
}

function refused(status: string, reason: string, extra: Json = {}): Json {
  return {
    responseContext,
    playabilityStatus: { status, reason, messages: [reason], contextParams: "Q0FFU0FnZ0I=", ...extra },
    trackingParams: "CAAQu2kiEwiStandIn",
  };
}

function videoDetails(videoId: string, lengthSeconds: number, extra: Json = {}): Json {
  return {
    videoId,
    title: "Inaugural address (excerpt)",
    lengthSeconds: String(lengthSeconds),
    channelId: "UCstandInChannel00000000",
    isOwnerViewing: false,
    shortDescription: "Stand-in video for Parley's tests.",
    isCrawlable: true,
    thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${videoId}/default.jpg`, width: 120, height: 90 }] },
    allowRatings: true,
    viewCount: "1961",
    author: "Parley Stand-in",
    isPrivate: false,
    isUnpluggedCorpus: false,
    isLiveContent: false,
    ...extra,
  };
}

function captionTrack(context: ScenarioContext, videoId: string, languageCode: string, name: string, isAsr: boolean): Json {
  const query = new URLSearchParams({
    v: videoId,
    ei: "StandInEi",
    caps: "asr",
    opi: "112496729",
    xoaf: "5",
    hl: "en",
    ip: "0.0.0.0",
    ipbits: "0",
    expire: "1893456000",
    sparams: "ip,ipbits,expire,v,caps,opi,xoaf",
    signature: "3045022100standin",
    key: "yt8",
    ...(isAsr ? { kind: "asr" } : {}),
    lang: languageCode,
  });
  return {
    baseUrl: `${context.base}/api/timedtext?${query}`,
    name: { runs: [{ text: name }] },
    vssId: `${isAsr ? "a" : ""}.${languageCode}`,
    languageCode,
    ...(isAsr ? { kind: "asr" } : {}),
    isTranslatable: true,
    trackName: "",
  };
}

function captions(tracks: Json[]): Json {
  return {
    playerCaptionsTracklistRenderer: {
      captionTracks: tracks,
      audioTracks: [
        { captionTrackIndices: tracks.map((_, index) => index), defaultCaptionTrackIndex: 0, visibility: "UNKNOWN", hasDefaultTrack: true },
      ],
      translationLanguages: [
        { languageCode: "de", languageName: { runs: [{ text: "German" }] } },
        { languageCode: "es", languageName: { runs: [{ text: "Spanish" }] } },
      ],
      defaultAudioTrackIndex: 0,
    },
  };
}

function streamUrl(context: ScenarioContext, videoId: string, itag: number, mime: string, contentLength: number): string {
  const query = new URLSearchParams({
    expire: "1893456000",
    ei: "StandInEi",
    ip: "203.0.113.7",
    id: `o-${videoId}`,
    itag: String(itag),
    source: "youtube",
    requiressl: "yes",
    mime,
    clen: String(contentLength),
    dur: "10.900",
    lmt: "1700000000000000",
    c: "ANDROID_VR",
    sparams: "expire,ei,ip,id,itag,source,requiressl,mime,clen,dur,lmt",
    sig: "AJfQdSswRQIgStandIn",
  });
  return `${context.base}/videoplayback?${query}`;
}

/** The direct audio format the stand-in serves: c6.wav as is (real YouTube serves audio/mp4 or audio/webm). */
function directAudio(context: ScenarioContext, videoId: string): Json {
  return {
    itag: 139,
    url: streamUrl(context, videoId, 139, "audio/wav", context.audioBytes),
    mimeType: "audio/wav",
    bitrate: 256_000,
    lastModified: "1700000000000000",
    contentLength: String(context.audioBytes),
    quality: "tiny",
    projectionType: "RECTANGULAR",
    averageBitrate: 256_000,
    audioQuality: "AUDIO_QUALITY_LOW",
    approxDurationMs: "10900",
    audioSampleRate: "16000",
    audioChannels: 1,
  };
}

function cipheredAudio(itag: number, bitrate: number): Json {
  return {
    itag,
    mimeType: 'audio/webm; codecs="opus"',
    bitrate,
    averageBitrate: bitrate - 4000,
    contentLength: "65432",
    quality: "tiny",
    audioQuality: "AUDIO_QUALITY_LOW",
    approxDurationMs: "10900",
    audioSampleRate: "48000",
    audioChannels: 2,
    signatureCipher: `s=AOq0QJ8wRQIhAStandIn&sp=sig&url=https%3A%2F%2Frr1---sn-standin.googlevideo.com%2Fvideoplayback%3Fitag%3D${itag}`,
  };
}

function cipheredVideo(): Json {
  return {
    itag: 18,
    mimeType: 'video/mp4; codecs="avc1.42001E, mp4a.40.2"',
    bitrate: 300_000,
    width: 640,
    height: 360,
    quality: "medium",
    signatureCipher: "s=AOq0QJ8wRQIhAStandIn&sp=sig&url=https%3A%2F%2Frr1---sn-standin.googlevideo.com%2Fvideoplayback%3Fitag%3D18",
  };
}

function directVideo(context: ScenarioContext, videoId: string): Json {
  return {
    itag: 160,
    url: streamUrl(context, videoId, 160, "video/mp4", 123_456),
    mimeType: 'video/mp4; codecs="avc1.4d400c"',
    bitrate: 110_000,
    width: 256,
    height: 144,
    contentLength: "123456",
    quality: "tiny",
    qualityLabel: "144p",
  };
}

function playable(
  videoId: string,
  parts: { lengthSeconds?: number; details?: Json; captions?: Json; adaptiveFormats: Json[]; status?: Json },
): Json {
  return {
    responseContext,
    playabilityStatus: { status: "OK", playableInEmbed: true, contextParams: "Q0FFU0FnZ0I=", ...parts.status },
    streamingData: { expiresInSeconds: "21540", formats: [], adaptiveFormats: parts.adaptiveFormats },
    ...(parts.captions ? { captions: parts.captions } : {}),
    videoDetails: videoDetails(videoId, parts.lengthSeconds ?? 11, parts.details),
    playerConfig: { audioConfig: { loudnessDb: -1.5, perceptualLoudnessDb: -15.5, enablePerFormatLoudness: true } },
    trackingParams: "CAAQu2kiEwiStandIn",
  };
}

/** The player answer for a scenario id, or null for an unknown id. */
export function playerResponseFor(videoId: string, context: ScenarioContext): Json | null {
  const audio = [directVideo(context, videoId), directAudio(context, videoId)];
  switch (videoId) {
    case videos.manualCaptions:
      return playable(videoId, {
        captions: captions([
          captionTrack(context, videoId, "fr", "French", false),
          captionTrack(context, videoId, "en", "English", false),
          captionTrack(context, videoId, "en", "English (auto-generated)", true),
        ]),
        adaptiveFormats: audio,
      });
    case videos.autoCaptionsOnly:
      return playable(videoId, {
        captions: captions([captionTrack(context, videoId, "en", "English (auto-generated)", true)]),
        adaptiveFormats: audio,
      });
    case videos.xmlCaptions:
    case videos.pastLive:
      return playable(videoId, {
        captions: captions([captionTrack(context, videoId, "en", "English", false)]),
        adaptiveFormats: audio,
        details: videoId === videos.pastLive ? { isLiveContent: true, isLive: false } : {},
      });
    case videos.audioOnly:
      return playable(videoId, { adaptiveFormats: [cipheredVideo(), cipheredAudio(249, 53_000), ...audio] });
    case videos.emptyCaptionTrack:
      return playable(videoId, {
        captions: captions([captionTrack(context, videoId, "en", "English (auto-generated)", true)]),
        adaptiveFormats: audio,
      });
    case videos.cipherOnly:
      return playable(videoId, { adaptiveFormats: [cipheredVideo(), cipheredAudio(249, 53_000), cipheredAudio(251, 140_000)] });
    case videos.tooLong:
      return playable(videoId, {
        lengthSeconds: 5 * 60 * 60,
        captions: captions([captionTrack(context, videoId, "en", "English", false)]),
        adaptiveFormats: audio,
      });
    case videos.privateRedirect:
      return playable(videoId, { adaptiveFormats: [directAudio(context, videoId)] });
    case videos.unreachableAudio:
      // Port 1 (tcpmux) is served by nothing here: the download's connection is refused.
      return playable(videoId, { adaptiveFormats: [directAudio({ ...context, base: "http://127.0.0.1:1" }, videoId)] });
    case videos.live:
      return {
        ...playable(videoId, {
          lengthSeconds: 0,
          details: {
            isLive: true,
            isLiveContent: true,
            isLowLatencyLiveStream: false,
            latencyClass: "MDE_STREAM_OPTIMIZATIONS_RENDERER_LATENCY_NORMAL",
          },
          status: { liveStreamability: { liveStreamabilityRenderer: { videoId, pollDelayMs: "5000" } } },
          adaptiveFormats: [{ ...directAudio(context, videoId), targetDurationSec: 5, maxDvrDurationSec: 43200 }],
        }),
        streamingData: {
          expiresInSeconds: "21540",
          hlsManifestUrl: `${context.base}/api/manifest/hls_variant/id/${videoId}/file/index.m3u8`,
        },
      };
    case videos.upcoming:
      return {
        ...refused("LIVE_STREAM_OFFLINE", "This live event will begin in 3 hours.", {
          liveStreamability: { liveStreamabilityRenderer: { videoId, offlineSlate: {}, pollDelayMs: "15000" } },
        }),
        videoDetails: videoDetails(videoId, 0, { isUpcoming: true, isLiveContent: true }),
      };
    case videos.private:
      return refused("LOGIN_REQUIRED", "This video is private");
    case videos.ageRestricted:
      return refused("LOGIN_REQUIRED", "Sign in to confirm your age", { desktopLegacyAgeGateReason: 1 });
    case videos.unplayable:
      return refused("UNPLAYABLE", "The uploader has not made this video available in your country");
    default:
      return null;
  }
}

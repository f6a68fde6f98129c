import type { StreamFormat } from "./innertube";

export interface YoutubeAudioSource {
  /** A direct googlevideo URL; it expires (about six hours, `expire=` in the URL). */
  url: string;
  /** As YouTube writes it, e.g. `audio/mp4; codecs="mp4a.40.2"` or `audio/webm; codecs="opus"`. */
  mimeType: string;
  contentLength: number | null;
  itag: number;
  bitrate: number | null;
}

export type AudioMissingReason = "NO_AUDIO_FORMAT" | "CIPHERED_ONLY";

/**
 * The audio for speech recognition: the smallest audio-only adaptive format with a direct `url`. Speech
 * engines resample to 16 kHz mono anyway, so the lowest bitrate (about 50 kbit/s opus or 48 kbit/s AAC)
 * loses nothing they use and is a third of the download. Formats that only carry `signatureCipher` /
 * `cipher` would need the web player's JavaScript to unlock: they are skipped, and the reason says so.
 * Dubbed videos carry an audio track per language: the default (original) track is preferred, and
 * dynamic-range-compressed duplicates are used only when nothing else is there.
 */
export function pickAudioFormat(
  formats: readonly StreamFormat[],
): { audio: YoutubeAudioSource } | { audio: null; reason: AudioMissingReason } {
  const audioOnly = formats.filter((format) => format.mimeType.startsWith("audio/"));
  const direct = audioOnly.filter(
    (format): format is StreamFormat & { url: string } => typeof format.url === "string" && format.url !== "",
  );
  if (direct.length === 0) return { audio: null, reason: audioOnly.length > 0 ? "CIPHERED_ONLY" : "NO_AUDIO_FORMAT" };
  const hasDefaultTrack = direct.some((format) => format.audioTrack?.audioIsDefault === true);
  const ranked = [...direct].sort(
    (a, b) =>
      rank(a, hasDefaultTrack) - rank(b, hasDefaultTrack) ||
      bitrateOf(a) - bitrateOf(b) ||
      // Same bitrate: the smaller file.
      Number(a.contentLength ?? Number.MAX_SAFE_INTEGER) - Number(b.contentLength ?? Number.MAX_SAFE_INTEGER),
  );
  const best = ranked[0] as StreamFormat & { url: string };
  const length = Number(best.contentLength);
  return {
    audio: {
      url: best.url,
      mimeType: best.mimeType,
      contentLength: best.contentLength !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : null,
      itag: best.itag,
      bitrate: best.averageBitrate ?? best.bitrate ?? null,
    },
  };
}

/** 0 is best: the default language track, then non-DRC. */
function rank(format: StreamFormat, hasDefaultTrack: boolean): number {
  const isOtherLanguage = hasDefaultTrack && format.audioTrack?.audioIsDefault !== true;
  return (isOtherLanguage ? 2 : 0) + (format.isDrc ? 1 : 0);
}

function bitrateOf(format: StreamFormat): number {
  return format.averageBitrate ?? format.bitrate ?? Number.MAX_SAFE_INTEGER;
}

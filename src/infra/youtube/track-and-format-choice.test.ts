import { describe, expect, it } from "vitest";
import { pickAudioFormat } from "./audio-formats";
import { chooseCaptionTrack, json3Url } from "./caption-tracks";
import type { CaptionTrack, StreamFormat } from "./innertube";

const track = (languageCode: string, kind?: "asr"): CaptionTrack => ({
  baseUrl: `https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=${languageCode}${kind ? "&kind=asr" : ""}`,
  languageCode,
  vssId: `${kind ? "a" : ""}.${languageCode}`,
  ...(kind ? { kind } : {}),
});

describe("chooseCaptionTrack", () => {
  const tracks = [track("fr"), track("en-GB"), track("en", "asr"), track("de", "asr")];

  it("takes a manual track in the preferred language, regional or not", () => {
    expect(chooseCaptionTrack(tracks, "en")?.languageCode).toBe("en-GB");
    expect(chooseCaptionTrack(tracks, "fr-CA")?.languageCode).toBe("fr");
    expect(chooseCaptionTrack([track("en"), track("en-GB")], "en-GB")?.languageCode).toBe("en-GB");
  });

  it("takes the automatic track in the preferred language over a manual one in another language", () => {
    expect(chooseCaptionTrack(tracks, "de")).toMatchObject({ languageCode: "de", kind: "asr" });
  });

  it("without a preference, takes the spoken language (the automatic track's), a manual track first", () => {
    expect(chooseCaptionTrack(tracks)).toMatchObject({ languageCode: "en-GB" });
    expect(chooseCaptionTrack([track("fr"), track("pt", "asr")])).toMatchObject({ languageCode: "pt", kind: "asr" });
  });

  it("takes a manual track over nothing in the wanted language when there is no automatic one", () => {
    expect(chooseCaptionTrack([track("fr"), track("es")], "it")).toMatchObject({ languageCode: "fr" });
  });

  it("falls back to the automatic track, preferring the language, and to null without tracks", () => {
    const automatic = [track("de", "asr"), track("en", "asr")];
    expect(chooseCaptionTrack(automatic, "en")).toMatchObject({ languageCode: "en", kind: "asr" });
    expect(chooseCaptionTrack(automatic)).toMatchObject({ languageCode: "de" });
    expect(chooseCaptionTrack([{ baseUrl: "https://www.youtube.com/x", languageCode: "it", vssId: "a.it" }])).toMatchObject({
      languageCode: "it",
    });
    expect(chooseCaptionTrack([], "en")).toBeNull();
  });

  it("asks for json3, replacing a format the URL already names", () => {
    const url = new URL(
      json3Url({ ...track("en"), baseUrl: "https://www.youtube.com/api/timedtext?v=x&fmt=srv3&lang=en" }, "https://www.youtube.com"),
    );
    expect(url.searchParams.getAll("fmt")).toEqual(["json3"]);
    expect(url.searchParams.get("lang")).toBe("en");
  });
});

describe("pickAudioFormat", () => {
  const format = (itag: number, mimeType: string, bitrate: number, extra: Partial<StreamFormat> = {}): StreamFormat => ({
    itag,
    mimeType,
    bitrate,
    url: `https://rr1---sn-abc.googlevideo.com/videoplayback?itag=${itag}`,
    contentLength: String(bitrate * 10),
    ...extra,
  });

  it("takes the smallest-bitrate audio-only format with a direct URL", () => {
    const picked = pickAudioFormat([
      format(18, 'video/mp4; codecs="avc1.42001E, mp4a.40.2"', 20_000),
      format(140, 'audio/mp4; codecs="mp4a.40.2"', 130_000),
      format(249, 'audio/webm; codecs="opus"', 53_000, { averageBitrate: 48_000 }),
      format(251, 'audio/webm; codecs="opus"', 140_000),
    ]);
    expect(picked.audio).toEqual({
      url: "https://rr1---sn-abc.googlevideo.com/videoplayback?itag=249",
      mimeType: 'audio/webm; codecs="opus"',
      contentLength: 530_000,
      itag: 249,
      bitrate: 48_000,
    });
  });

  it("skips formats behind a signature cipher and says why when nothing is left", () => {
    const ciphered = format(249, 'audio/webm; codecs="opus"', 53_000, { url: undefined, signatureCipher: "s=x&sp=sig&url=y" });
    expect(pickAudioFormat([ciphered, format(139, 'audio/mp4; codecs="mp4a.40.5"', 49_000)]).audio?.itag).toBe(139);
    expect(pickAudioFormat([ciphered, { ...ciphered, itag: 140, signatureCipher: undefined, cipher: "s=x" }])).toEqual({
      audio: null,
      reason: "CIPHERED_ONLY",
    });
    expect(pickAudioFormat([format(18, "video/mp4", 1)])).toEqual({ audio: null, reason: "NO_AUDIO_FORMAT" });
    expect(pickAudioFormat([])).toEqual({ audio: null, reason: "NO_AUDIO_FORMAT" });
  });

  it("prefers the default (original) language track of a dubbed video and non-DRC formats", () => {
    const picked = pickAudioFormat([
      format(249, "audio/webm", 40_000, { audioTrack: { audioIsDefault: false } }),
      format(250, "audio/webm", 60_000, { audioTrack: { audioIsDefault: true }, isDrc: true }),
      format(251, "audio/webm", 70_000, { audioTrack: { audioIsDefault: true } }),
    ]);
    expect(picked.audio?.itag).toBe(251);
  });

  it("reports an unknown length as null", () => {
    expect(pickAudioFormat([format(139, "audio/mp4", 1, { contentLength: undefined })]).audio?.contentLength).toBeNull();
    expect(pickAudioFormat([format(139, "audio/mp4", 1, { contentLength: "abc" })]).audio?.contentLength).toBeNull();
  });
});

// The stand-in's videos: realistic 11-character ids, one per scenario the client must handle. Any other
// id is unknown and gets the answer real YouTube gives: playabilityStatus ERROR "Video unavailable".
// The speech is /work/shared/fixtures/speech/c6 (JFK, 10.9 s): its reference text is the manual English
// track's text, its WAV bytes the audio stream.

export const youtubeStandInVideos = {
  /** Manual French, manual English (json3 text = c6.txt) and auto-generated English tracks; audio too. */
  manualCaptions: "jfkManualEn",
  /** Only an auto-generated English track (word-level ASR fragments, "\n" append events); audio too. */
  autoCaptionsOnly: "jfkAutoOnly",
  /** One manual English track whose URL ignores fmt=json3 and answers classic srv1 XML. */
  xmlCaptions: "jfkXmlCapts",
  /** No captions. Audio-only formats: a ciphered low-bitrate one (unusable) and a direct one serving c6.wav. */
  audioOnly: "jfkAudioOnl",
  /** An auto-generated track that answers an empty 200 (YouTube's answer when a PO token is wanted); audio too. */
  emptyCaptionTrack: "poTokenCaps",
  /** No captions, every format behind signatureCipher: NO_TRANSCRIPT_SOURCE. */
  cipherOnly: "cipherOnly1",
  /** LOGIN_REQUIRED "This video is private". */
  private: "privateVid1",
  /** LOGIN_REQUIRED "Sign in to confirm your age". */
  ageRestricted: "ageGated001",
  /** UNPLAYABLE, region-blocked. */
  unplayable: "regionBlock",
  /** On air now: OK with isLive, lengthSeconds "0", liveStreamability and an HLS manifest. */
  live: "liveNow0001",
  /** A scheduled stream: LIVE_STREAM_OFFLINE with isUpcoming. */
  upcoming: "upcoming001",
  /** The recording of a finished stream (isLiveContent true, isLive false) with captions: transcribable. */
  pastLive: "pastLive001",
  /** Five hours long, with captions: TOO_LONG under the 4-hour default. */
  tooLong: "fiveHours01",
  /** Its audio URL answers 302 to http://10.0.0.1/ (a private address). */
  privateRedirect: "redirect10x",
  /** The player endpoint answers HTTP 503. */
  serverError: "error503abc",
  /** The player endpoint answers HTTP 429. */
  rateLimited: "limited4290",
  /** The player endpoint answers after 3 seconds (for deadlines). */
  slowAnswer: "slowAnswer1",
  /**
   * No captions; its audio URL points at a port where nothing listens (127.0.0.1:1): connections are
   * refused, as on a machine whose network is down or blocks YouTube's media hosts.
   */
  unreachableAudio: "noNetwork01",
} as const;

export type YoutubeStandInVideo = keyof typeof youtubeStandInVideos;

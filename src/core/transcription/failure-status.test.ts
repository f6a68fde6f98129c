import { describe, expect, it } from "vitest";
import { MediaError } from "~/infra/media/ffmpeg";
import { SpeechEngineError } from "~/infra/speech/speech-engine";
import { YoutubeError } from "~/infra/youtube/youtube-error";
import { finalOutcomeOf, isProductFailure, retryReasonOf } from "./failure-status";

describe("how a failure ends a note", () => {
  it("ends a YouTube that cannot be reached at once, with its own reason, and retries only slow answers", () => {
    expect(finalOutcomeOf(new YoutubeError("UNREACHABLE"))).toEqual({
      code: "transcription_failed",
      reason: "youtube_unreachable",
      isActive: true,
    });
    expect(finalOutcomeOf(new YoutubeError("NETWORK"))).toBeNull();
    // When the retries of a slow YouTube run out, the note blames YouTube, not the transcription service.
    expect(retryReasonOf(new YoutubeError("NETWORK"))).toBe("youtube_network");
    expect(retryReasonOf(new SpeechEngineError("ENGINE_FAILED", true))).toBe("engine_failed");
    expect(retryReasonOf(new MediaError("ABORTED", "stopped"))).toBeNull();
  });

  it("counts a failure against the quota only when what the user brought caused it (issue 17)", () => {
    const reasonOf = (error: unknown) => finalOutcomeOf(error)?.reason ?? null;
    expect(isProductFailure(reasonOf(new SpeechEngineError("LANGUAGE_NOT_SUPPORTED", false)))).toBe(true);
    expect(isProductFailure(reasonOf(new SpeechEngineError("ENGINE_UNAVAILABLE", false)))).toBe(true);
    expect(isProductFailure("engine_failed")).toBe(true);
    expect(isProductFailure(reasonOf(new MediaError("CORRUPT", "bad")))).toBe(false);
    expect(isProductFailure(reasonOf(new MediaError("EMPTY", "empty")))).toBe(false);
    expect(isProductFailure("document_encrypted")).toBe(false);
    expect(isProductFailure(null)).toBe(false);
  });
});

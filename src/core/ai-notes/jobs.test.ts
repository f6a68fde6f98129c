import { describe, expect, it } from "vitest";
import { LanguageModelError } from "~/infra/llm/language-model-error";
import { PermanentJobError } from "~/infra/queue/job-registry";
import { NotesOutputError } from "./generate-notes";
import { fallbackReasonOf } from "./jobs";

// When the notes job stores extracted highlights instead of the model's notes, and under which reason
// (each a `notesFailure.<reason>` of the notes catalog, en/es/pt).
describe("the notes job's fallback", () => {
  const first = { isLastAttempt: false };
  const last = { isLastAttempt: true };

  it("falls back at once on a cut-off or bad answer, with its own reason", () => {
    expect(fallbackReasonOf(new LanguageModelError("cut_off", "cut off at 1200 tokens"), first)).toBe("cut_off");
    expect(fallbackReasonOf(new LanguageModelError("bad_output", "not JSON"), first)).toBe("bad_output");
    expect(fallbackReasonOf(new NotesOutputError("looping_answer", "loops"), first)).toBe("looping_answer");
    expect(fallbackReasonOf(new NotesOutputError("off_transcript", "99:99"), first)).toBe("off_transcript");
    expect(fallbackReasonOf(new LanguageModelError("refused", "no"), first)).toBe("model_refused");
  });

  it("retries an unreachable model first, then falls back after the last try", () => {
    for (const code of ["unreachable", "rate_limited", "server_error"] as const) {
      expect(fallbackReasonOf(new LanguageModelError(code, code), first)).toBeNull();
      expect(fallbackReasonOf(new LanguageModelError(code, code), last)).toBe("engine_failed");
    }
  });

  it("falls back at once for a model that is not set up, and never for an abort or another failure", () => {
    for (const code of ["unavailable", "unauthorized", "bad_request", "too_long"] as const)
      expect(fallbackReasonOf(new LanguageModelError(code, code), first)).toBe("model_setup");
    expect(fallbackReasonOf(new LanguageModelError("aborted", "stopped"), last)).toBeNull();
    expect(fallbackReasonOf(new PermanentJobError("note_gone"), last)).toBeNull();
    expect(fallbackReasonOf(new Error("database down"), last)).toBeNull();
  });
});

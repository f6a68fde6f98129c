import { describe, expect, it } from "vitest";
import { commonSpokenLanguages, transcriptionLanguagesOf } from "./transcription-languages";

describe("the spoken languages the menus offer", () => {
  it("offers the common languages and detection for an engine that takes any language", () => {
    expect(transcriptionLanguagesOf("any")).toEqual({ languages: [...commonSpokenLanguages], canDetect: true });
  });

  it("offers exactly what a limited engine does, and no detection when it does one language", () => {
    expect(transcriptionLanguagesOf(["en"])).toEqual({ languages: ["en"], canDetect: false });
    expect(transcriptionLanguagesOf(["en", "es", "en"])).toEqual({ languages: ["en", "es"], canDetect: true });
    expect(transcriptionLanguagesOf([])).toEqual({ languages: [], canDetect: false });
  });
});

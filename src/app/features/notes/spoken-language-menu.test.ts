import { describe, expect, it } from "vitest";
import { spokenLanguageMenu } from "./spoken-language-menu";

describe("spoken-language menu", () => {
  it("offers detection only while the engine's languages are being read", () => {
    expect(spokenLanguageMenu(null, "", "")).toMatchObject({ canDetect: true, languages: [], shown: "", isEmpty: false });
  });

  it("shows an English-only engine's one language, says so, and never shows detection as chosen", () => {
    const menu = spokenLanguageMenu({ languages: ["en"], canDetect: false }, "auto", "auto");
    expect(menu).toEqual({ canDetect: false, languages: ["en"], shown: "en", onlyLanguage: "en", isEmpty: false });
  });

  it("keeps an offered choice and replaces one the engine cannot do", () => {
    const offered = { languages: ["en", "es"], canDetect: true };
    expect(spokenLanguageMenu(offered, "es", "").shown).toBe("es");
    expect(spokenLanguageMenu(offered, "ja", "").shown).toBe("");
    expect(spokenLanguageMenu(offered, "", "").onlyLanguage).toBeNull();
  });

  it("has nothing to offer when no engine is set up", () => {
    expect(spokenLanguageMenu({ languages: [], canDetect: false }, "", "").isEmpty).toBe(true);
  });
});

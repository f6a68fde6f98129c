import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { isBotUserAgent, renderErrorDisplay } from "./render-error-display";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

describe("render errors for bots (spec 8: only logged, not shown)", () => {
  it("knows crawlers from people", () => {
    expect(isBotUserAgent(googlebot)).toBe(true);
    expect(isBotUserAgent("curl/8.5.0")).toBe(true);
    expect(isBotUserAgent(chrome)).toBe(false);
    expect(isBotUserAgent(null)).toBe(false);
    expect(isBotUserAgent("")).toBe(false);
  });

  it("hides a thrown render error from a bot and shows it to a person", () => {
    const error = new Error("Cannot read properties of undefined");
    expect(renderErrorDisplay(error, { isBot: true })).toBe("hidden");
    expect(renderErrorDisplay(error, { isBot: false })).toBe("message");
  });

  it("shows HTTP answers (404 and the like) to everyone: they are not render errors", () => {
    // What a loader's `throw data("Not here", { status: 404 })` reaches the boundary as.
    const answer = new ErrorResponseImpl(404, "Not Found", "Not here");
    expect(renderErrorDisplay(answer, { isBot: true })).toBe("answer");
    expect(renderErrorDisplay(answer, { isBot: false })).toBe("answer");
  });
});

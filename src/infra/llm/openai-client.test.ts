import { describe, expect, it } from "vitest";
import { chatApiRoot } from "./openai-client";

describe("chatApiRoot", () => {
  it("adds /v1 to a bare origin and keeps any path the operator wrote", () => {
    expect(chatApiRoot("https://api.openai.com")).toBe("https://api.openai.com/v1");
    expect(chatApiRoot("http://127.0.0.1:11434/")).toBe("http://127.0.0.1:11434/v1");
    expect(chatApiRoot("http://127.0.0.1:11434/v1/")).toBe("http://127.0.0.1:11434/v1");
    expect(chatApiRoot("https://api.groq.com/openai/v1")).toBe("https://api.groq.com/openai/v1");
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { aiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "../../../test/stand-ins/openai-chat/server";
import type { LanguageModel } from "./language-model";
import { createOpenAiChatModel } from "./openai-chat-model";

// The HTTP engine against the OpenAI-compatible stand-in on 127.0.0.1 (real HTTP, the real SDK, OpenAI's
// wire shapes and strict-schema rules).
const apiKey = "sk-test-key";
const schema = {
  type: "object",
  properties: { title: { type: "string", minLength: 1 }, owners: { type: "array", items: { type: "string" } } },
  required: ["title"],
};

describe("OpenAI-compatible chat engine", () => {
  let standIn: OpenAiChatStandIn;
  let model: LanguageModel;
  const withOptions = (overrides: Partial<Parameters<typeof createOpenAiChatModel>[0]> = {}) =>
    createOpenAiChatModel({ baseUrl: standIn.url, apiKey, model: "stand-in-chat", contextTokens: 8192, maxRetries: 0, ...overrides });

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn({ apiKey });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.reset();
    model = withOptions();
  });

  const collect = async (stream: AsyncIterable<string>) => {
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return chunks;
  };

  it("asks for strict structured output with the schema, and parses the JSON answer", async () => {
    standIn.script({ json: { title: "Release plan", owners: ["Ana"] } });
    const answer = await model.generateJson({
      messages: [
        { role: "system", content: "Write notes." },
        { role: "user", content: "Ana ships on Friday." },
      ],
      schema,
      schemaName: "meeting_notes",
      maxTokens: 300,
    });
    expect(answer).toEqual({ title: "Release plan", owners: ["Ana"] });
    expect(model.id).toBe("openai:stand-in-chat");
    const [sent] = standIn.requests();
    expect(sent?.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent?.body).toMatchObject({
      model: "stand-in-chat",
      max_tokens: 300,
      messages: [
        { role: "system", content: "Write notes." },
        { role: "user", content: "Ana ships on Friday." },
      ],
      response_format: {
        type: "json_schema",
        // Strict mode's rules applied to the caller's schema: every property required, no extras,
        // keywords OpenAI refuses (minLength) left out.
        json_schema: {
          name: "meeting_notes",
          strict: true,
          schema: {
            type: "object",
            properties: { title: { type: "string" }, owners: { type: "array", items: { type: "string" } } },
            required: ["title", "owners"],
            additionalProperties: false,
          },
        },
      },
    });
  });

  it("sends the AI notes schema as the strict endpoint accepts it, and the answer validates with zod", async () => {
    const answer = await model.generateJson({
      messages: [{ role: "user", content: "We agreed to ship on Friday. Ana will write the release notes." }],
      schema: z.toJSONSchema(aiNotesContent),
      schemaName: "ai_notes",
    });
    const notes = aiNotesContent.parse(answer);
    // The stand-in's default answer is made of the prompt's sentences only.
    expect(notes.title).toBe("We agreed to ship on Friday.");
    expect(notes.actionItems[0]).toEqual({ text: expect.any(String), owner: null, due: null });
  });

  it("streams text in several chunks that assemble to the answer, citing the passage that fits the question", async () => {
    const chunks = await collect(
      model.streamText({
        messages: [
          {
            role: "system",
            content:
              "Answer from these passages and cite them.\n[1] The budget review moved to March.\n\n[2] Ana owns the mobile release on Friday.",
          },
          { role: "user", content: "Who owns the mobile release?" },
        ],
      }),
    );
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join("")).toBe("Ana owns the mobile release on Friday. [2]");
    expect(standIn.requests()[0]?.body.stream).toBe(true);
  });

  it("sends no Authorization header when no key is configured", async () => {
    const open = await startOpenAiChatStandIn();
    try {
      const keyless = createOpenAiChatModel({ baseUrl: open.url, model: "local", contextTokens: 4096, maxRetries: 0 });
      await collect(keyless.streamText({ messages: [{ role: "user", content: "Hello there." }] }));
      expect(open.requests()[0]?.authorization).toBeNull();
    } finally {
      await open.close();
    }
  });

  it("reports a wrong key as unauthorized, for good", async () => {
    const wrong = withOptions({ apiKey: "sk-wrong" });
    await expect(wrong.generateJson({ messages: [{ role: "user", content: "x" }], schema, schemaName: "x" })).rejects.toMatchObject({
      name: "LanguageModelError",
      code: "unauthorized",
      isRetryable: false,
      message: expect.stringMatching(/401.*Incorrect API key/),
    });
    await expect(collect(wrong.streamText({ messages: [{ role: "user", content: "x" }] }))).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("reports a 500 as a retryable server error after the SDK's own retries", async () => {
    standIn.script({ status: 500 }, { status: 500 });
    const retrying = withOptions({ maxRetries: 1 });
    await expect(retrying.generateJson({ messages: [{ role: "user", content: "x" }], schema, schemaName: "x" })).rejects.toMatchObject({
      code: "server_error",
      isRetryable: true,
    });
    expect(standIn.requests()).toHaveLength(2);
  });

  it("reports a hung-up connection and a closed port as unreachable", async () => {
    standIn.script({ hangUp: true });
    await expect(model.generateJson({ messages: [{ role: "user", content: "x" }], schema, schemaName: "x" })).rejects.toMatchObject({
      code: "unreachable",
      isRetryable: true,
    });
    const nobody = createOpenAiChatModel({ baseUrl: "http://127.0.0.1:9", model: "m", contextTokens: 1, maxRetries: 0 });
    await expect(collect(nobody.streamText({ messages: [{ role: "user", content: "x" }] }))).rejects.toMatchObject({ code: "unreachable" });
  });

  it("stops a stream when the caller aborts, and says it was aborted", async () => {
    standIn.script({ text: "one two three four five six", stallAfterChunks: 2 });
    const controller = new AbortController();
    const received: string[] = [];
    const reading = (async () => {
      for await (const chunk of model.streamText({ messages: [{ role: "user", content: "count" }], signal: controller.signal })) {
        received.push(chunk);
        if (received.length === 2) controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ code: "aborted", isRetryable: false });
    expect(received).toEqual(["one", " two"]);
  });

  it("aborts a JSON request the server never answers", async () => {
    standIn.script({ text: "never sent", stallAfterChunks: 0 });
    const controller = new AbortController();
    const pending = model.generateJson({ messages: [{ role: "user", content: "x" }], schema, schemaName: "x", signal: controller.signal });
    await expect.poll(() => standIn.requests().length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "aborted" });
  });

  it("tells refusals, cut-off answers, non-JSON and an over-long prompt apart", async () => {
    const ask = () => model.generateJson({ messages: [{ role: "user", content: "x" }], schema, schemaName: "x", maxTokens: 5 });
    standIn.script(
      { refusal: "I can't help with that." },
      { text: '{"title": "cut', finishReason: "length" },
      { text: "Sure! Here are your notes." },
      { status: 400, message: "This model's maximum context length is 8192 tokens.", code: "context_length_exceeded" },
      { status: 404, message: "The model `nope` does not exist", code: "model_not_found" },
    );
    await expect(ask()).rejects.toMatchObject({ code: "refused", message: expect.stringMatching(/can't help/) });
    await expect(ask()).rejects.toMatchObject({
      code: "cut_off",
      isRetryable: false,
      message: expect.stringMatching(/cut off at the token limit \(5\)/),
    });
    await expect(ask()).rejects.toMatchObject({ code: "bad_output", message: expect.stringMatching(/other than JSON/) });
    await expect(ask()).rejects.toMatchObject({ code: "too_long", isRetryable: false });
    await expect(ask()).rejects.toMatchObject({ code: "bad_request", message: expect.stringMatching(/does not exist/) });
  });

  it("takes a JSON answer wrapped in a Markdown fence", async () => {
    standIn.script({ text: '```json\n{"title": "Fenced", "owners": []}\n```' });
    await expect(model.generateJson({ messages: [{ role: "user", content: "x" }], schema, schemaName: "x" })).resolves.toEqual({
      title: "Fenced",
      owners: [],
    });
  });
});

import { spawn } from "node:child_process";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultJsonReply, defaultTextReply } from "./default-replies";
import { schemaErrors } from "./json-schema-check";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "./server";

// The chat stand-in itself, over raw HTTP: OpenAI's wire shapes, its strict-schema refusals, the scripted
// queue and the deterministic defaults other tests (and Playwright) rely on.
describe("OpenAI chat stand-in", () => {
  let standIn: OpenAiChatStandIn;
  const headers = { "content-type": "application/json", authorization: "Bearer sk-stand-in" };
  const chat = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
    fetch(`${standIn.url}/v1/chat/completions`, {
      method: "POST",
      headers: { ...headers, ...extra },
      body: JSON.stringify({ model: "m", ...body }),
    });

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn({ apiKey: "sk-stand-in" });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  beforeEach(() => standIn.reset());

  it("answers OpenAI's 401 body for a wrong or missing key, and lists models for the right one", async () => {
    const wrong = await fetch(`${standIn.url}/v1/models`, { headers: { authorization: "Bearer sk-nope" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: {
        message: expect.stringMatching(/^Incorrect API key provided/),
        type: "invalid_request_error",
        param: null,
        code: "invalid_api_key",
      },
    });
    expect((await fetch(`${standIn.url}/v1/models`)).status).toBe(401);
    const models = await fetch(`${standIn.url}/v1/models`, { headers });
    expect(await models.json()).toMatchObject({ object: "list", data: [{ id: "stand-in-chat", object: "model" }] });
  });

  it("streams chunks in OpenAI's shape, ending with the finish reason, the usage when asked, and [DONE]", async () => {
    standIn.script({ text: "Shipping on Friday." });
    const response = await chat({ stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: "When?" }] });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split("\n\n").filter(Boolean);
    expect(events.at(-1)).toBe("data: [DONE]");
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, "")));
    expect(chunks[0]).toMatchObject({
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
    });
    expect(
      chunks.flatMap((chunk) => chunk.choices.map((choice: { delta: { content?: string } }) => choice.delta.content ?? "")).join(""),
    ).toBe("Shipping on Friday.");
    expect(chunks.at(-2)?.choices[0]).toMatchObject({ delta: {}, finish_reason: "stop" });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 3, prompt_tokens: 1, total_tokens: 4 } });
  });

  it("refuses a response_format schema that OpenAI's strict mode would refuse", async () => {
    const response = await chat({
      messages: [{ role: "user", content: "x" }],
      response_format: {
        type: "json_schema",
        json_schema: { name: "notes", strict: true, schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_json_schema", message: expect.stringMatching(/additionalProperties/) },
    });
  });

  it("takes scripts and reports requests over HTTP too (for Playwright)", async () => {
    await fetch(`${standIn.url}/__script`, { method: "POST", body: JSON.stringify([{ json: { ok: true } }, { status: 503 }]) });
    const first = await chat({ messages: [{ role: "user", content: "one" }] });
    expect((await first.json()).choices[0]).toMatchObject({
      message: { role: "assistant", content: '{"ok":true}', refusal: null },
      finish_reason: "stop",
    });
    expect((await chat({ messages: [{ role: "user", content: "two" }] })).status).toBe(503);
    const recorded = await (await fetch(`${standIn.url}/__requests`)).json();
    expect(recorded.map((request: { body: { messages: Array<{ content: string }> } }) => request.body.messages[0]?.content)).toEqual([
      "one",
      "two",
    ]);
  });

  it("holds a reply until the test releases it, then answers it and every later one at once", async () => {
    standIn.script({ when: "hold me", repeat: true, hold: "notes-a", text: "Released." });
    let isAnswered = false;
    const held = chat({ messages: [{ role: "user", content: "please hold me" }] }).then(async (response) => {
      isAnswered = true;
      return response.json();
    });
    await expect.poll(() => standIn.requests().length).toBe(1);
    expect(isAnswered).toBe(false);
    await fetch(`${standIn.url}/__release`, { method: "POST", body: JSON.stringify({ hold: "notes-a" }) });
    expect((await held).choices[0].message.content).toBe("Released.");
    const later = await chat({ messages: [{ role: "user", content: "hold me again" }] });
    expect((await later.json()).choices[0].message.content).toBe("Released.");
  });

  it("starts as a process that says its port (Playwright's webServer)", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/stand-ins/openai-chat/main.ts", "--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const found = /listening on (\d+)/.exec(output);
          if (found) resolve(Number(found[1]));
        });
        child.on("exit", (code) => reject(new Error(`exited with ${code}`)));
      });
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  }, 30_000);
});

describe("stand-in defaults", () => {
  it("fills any schema from the prompt's sentences, valid against it", () => {
    const schema = {
      type: "object",
      properties: {
        title: { type: "string", maxLength: 12 },
        kind: { enum: ["meeting", "lecture"] },
        count: { type: "integer", minimum: 2 },
        owner: { type: ["string", "null"] },
        items: { type: "array", minItems: 2, items: { $ref: "#/$defs/item" } },
      },
      required: ["title", "kind", "count", "owner", "items"],
      additionalProperties: false,
      $defs: { item: { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false } },
    };
    const value = defaultJsonReply(schema, ["Ana ships on Friday.", "Bob fixes the bug."]);
    expect(value).toEqual({
      title: "Ana ships on",
      kind: "meeting",
      count: 2,
      owner: null,
      items: [{ text: "Bob fixes the bug." }, { text: "Ana ships on Friday." }],
    });
    expect(schemaErrors(value, schema)).toEqual([]);
  });

  it("answers from the passage that shares most words with the question, citing its number", () => {
    const messages = [
      {
        role: "system",
        content: "Use these passages.\n[1] The budget review moved to March.\n[2] Ana owns the mobile release,\nplanned for Friday.",
      },
      { role: "user", content: "Who owns the mobile release?" },
    ];
    expect(defaultTextReply(messages)).toBe("Ana owns the mobile release, planned for Friday. [2]");
    expect(defaultTextReply([{ role: "user", content: "Summarise this. It was long." }])).toBe("Summarise this.");
  });
});

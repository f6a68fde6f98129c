import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/runtime/env";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "../../../test/stand-ins/openai-chat/server";
import { createLanguageModel } from "./create-language-model";
import type { LanguageModel } from "./language-model";

// Which engine each configuration gets (decision 016), from the server's parsed env. Nothing is loaded or
// downloaded when choosing; the local engines load on their first call.

describe("createLanguageModel", () => {
  let modelDir: string;
  let standIn: OpenAiChatStandIn;
  const opened: LanguageModel[] = [];

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn({ apiKey: "sk-factory" });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  beforeEach(async () => {
    modelDir = await mkdtemp(path.join(tmpdir(), "llm-factory-"));
    return async () => {
      for (const model of opened.splice(0)) await model.close();
      await rm(modelDir, { recursive: true, force: true });
    };
  });

  const create = async (env: Record<string, string>) => {
    const model = await createLanguageModel(parseEnv({ MODEL_DIR: modelDir, ...env }), { maxRetries: 0 });
    if (model) opened.push(model);
    return model;
  };

  it("has no model with the download turned off and nothing on disk: the callers write extractive notes", async () => {
    // Issue 19: the download is on by default (a default install gets the language model); false opts out.
    expect(parseEnv({})).toMatchObject({ LLM_ENGINE: "auto", LLM_DOWNLOAD: true, LLM_CONTEXT_TOKENS: 8192, LLM_MODEL: "gpt-4o-mini" });
    expect(await create({ LLM_DOWNLOAD: "false" })).toBeNull();
    expect(await create({ LLM_ENGINE: "none", LLM_BASE_URL: standIn.url })).toBeNull();
  });

  it("prefers a configured endpoint, and talks to it with the key and model given", async () => {
    await writeFile(path.join(modelDir, "local.gguf"), "not loaded");
    const model = await create({
      LLM_BASE_URL: standIn.url,
      LLM_API_KEY: "sk-factory",
      LLM_MODEL: "qwen2.5:1.5b",
      LLM_CONTEXT_TOKENS: "32768",
    });
    expect(model?.id).toBe("openai:qwen2.5:1.5b");
    expect(model?.contextTokens).toBe(32768);
    const chunks: string[] = [];
    for await (const chunk of model?.streamText({ messages: [{ role: "user", content: "Hello from the factory." }] }) ?? [])
      chunks.push(chunk);
    expect(chunks.join("")).toBe("Hello from the factory.");
    expect(standIn.requests().at(-1)?.body.model).toBe("qwen2.5:1.5b");
  });

  it("refuses LLM_ENGINE=openai without an endpoint, saying what is missing", async () => {
    await expect(create({ LLM_ENGINE: "openai" })).rejects.toMatchObject({
      name: "LanguageModelError",
      code: "unavailable",
      message: expect.stringMatching(/LLM_BASE_URL/),
    });
  });

  it("uses a GGUF found in MODEL_DIR, or the file LLM_MODEL_FILE names, as it is", async () => {
    await writeFile(path.join(modelDir, "b-model.gguf"), "x");
    await writeFile(path.join(modelDir, "a-model.gguf"), "x");
    await writeFile(path.join(modelDir, ".a-partial.gguf.123.part"), "x");
    expect((await create({}))?.id).toBe("llama:a-model.gguf");
    expect((await create({ LLM_MODEL_FILE: "b-model.gguf" }))?.id).toBe("llama:b-model.gguf");
    const elsewhere = path.join(modelDir, "sub", "mine.gguf");
    expect((await create({ LLM_MODEL_FILE: elsewhere }))?.id).toBe("llama:mine.gguf");
  });

  it("prefers the pinned default's file when it is in MODEL_DIR, and checks it before loading", async () => {
    await writeFile(path.join(modelDir, "a-model.gguf"), "x");
    await writeFile(path.join(modelDir, "qwen2.5-1.5b-instruct-q4_k_m.gguf"), "not the pinned bytes");
    const model = await create({});
    expect(model?.id).toBe("llama:qwen2.5-1.5b-instruct-q4_k_m.gguf");
    await expect(
      model?.generateJson({ messages: [{ role: "user", content: "x" }], schema: { type: "object" }, schemaName: "x" }),
    ).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/does not match its pinned sha256/),
    });
  });

  it("chooses the pinned default download when LLM_DOWNLOAD=true (fetched on the first call, not while choosing)", async () => {
    const model = await create({ LLM_DOWNLOAD: "true" });
    expect(model?.id).toBe("llama:qwen2.5-1.5b-instruct-q4_k_m.gguf");
  });

  it("reports an explicit llama engine with nothing to load on its first call, with what to do", async () => {
    const model = await create({ LLM_ENGINE: "llama", LLM_DOWNLOAD: "false" });
    expect(model?.id).toBe("llama:qwen2.5-1.5b-instruct-q4_k_m.gguf");
    await expect(
      model?.generateJson({ messages: [{ role: "user", content: "x" }], schema: { type: "object" }, schemaName: "x" }),
    ).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/missing and LLM_DOWNLOAD is off/),
    });
    const missing = await create({ LLM_ENGINE: "llama", LLM_MODEL_FILE: "nowhere.gguf" });
    await expect(
      missing?.generateJson({ messages: [{ role: "user", content: "x" }], schema: { type: "object" }, schemaName: "x" }),
    ).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/nowhere\.gguf is missing/),
    });
  });

  it("downloads another model only when pinned: LLM_MODEL_URL needs LLM_MODEL_SHA256", async () => {
    await expect(create({ LLM_DOWNLOAD: "true", LLM_MODEL_URL: "https://example.org/models/other.gguf" })).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/never downloaded unpinned/),
    });
    const pinned = await create({
      LLM_DOWNLOAD: "true",
      LLM_MODEL_URL: "https://example.org/models/other.gguf",
      LLM_MODEL_SHA256: "a".repeat(64),
    });
    expect(pinned?.id).toBe("llama:other.gguf");
    expect(() => parseEnv({ LLM_MODEL_SHA256: "abc" })).toThrow(/LLM_MODEL_SHA256/);
  });
});

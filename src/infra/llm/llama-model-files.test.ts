import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  customLlamaModel,
  defaultLlamaModel,
  type LlamaModelSource,
  operatorModelPath,
  resolvePinnedLlamaModel,
} from "./llama-model-files";

// The pinned download of a GGUF (the same checked download as whisper.cpp's files, src/infra/net/pinned-file.ts)
// against a server on 127.0.0.1 serving a small stand-in file; the real model's download runs in
// llama-model.test.ts with SmolLM2.
const content = Buffer.from("GGUF stand-in bytes ".repeat(4_000));
const sha256 = createHash("sha256").update(content).digest("hex");

describe("resolvePinnedLlamaModel", () => {
  let server: Server;
  let baseUrl: string;
  let hits = 0;
  let modelDir: string;
  const network = { allowedHosts: ["127.0.0.1"], download: { unsafeAllowAddresses: ["127.0.0.1"] } };

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits++;
      if (request.url === "/model.gguf") return response.writeHead(200, { "content-length": content.length }).end(content);
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    hits = 0;
    modelDir = await mkdtemp(path.join(tmpdir(), "llm-files-"));
    return () => rm(modelDir, { recursive: true, force: true });
  });

  const source = (overrides: Partial<LlamaModelSource["pin"]> = {}, url = `${baseUrl}/model.gguf`): LlamaModelSource => ({
    fileName: "model.gguf",
    url,
    pin: { sha256, bytes: content.length, maxBytes: content.length, ...overrides },
  });

  it("downloads the pinned file once, checked, into MODEL_DIR", async () => {
    const target = await resolvePinnedLlamaModel({ modelDir, source: source(), allowDownload: true, network });
    expect(target).toBe(path.join(modelDir, "model.gguf"));
    expect((await readFile(target)).equals(content)).toBe(true);
    await resolvePinnedLlamaModel({ modelDir, source: source(), allowDownload: false, network });
    expect(hits).toBe(1);
  });

  it("refuses bytes that are not the pinned ones and keeps nothing", async () => {
    await expect(
      resolvePinnedLlamaModel({ modelDir, source: source({ sha256: "0".repeat(64) }), allowDownload: true, network }),
    ).rejects.toMatchObject({
      name: "LanguageModelError",
      code: "unavailable",
      message: expect.stringMatching(/does not match its pinned sha256/),
    });
    expect(await readdir(modelDir)).toEqual([]);
  });

  it("reports a server error as unreachable (worth retrying), and a missing file with download off as unavailable", async () => {
    await expect(
      resolvePinnedLlamaModel({ modelDir, source: source({}, `${baseUrl}/gone.gguf`), allowDownload: true, network }),
    ).rejects.toMatchObject({
      code: "unreachable",
      isRetryable: true,
    });
    await expect(resolvePinnedLlamaModel({ modelDir, source: source(), allowDownload: false, network })).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/LLM_DOWNLOAD is off/),
    });
  });

  it("goes only to Hugging Face (and the URL's own host) without test allowances", async () => {
    await expect(resolvePinnedLlamaModel({ modelDir, source: source(), allowDownload: true })).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/non-public address/),
    });
    expect(hits).toBe(0);
  });
});

describe("model sources", () => {
  it("pins the default model to a fixed revision by size and sha256", () => {
    expect(defaultLlamaModel.url).toMatch(
      /^https:\/\/huggingface\.co\/Qwen\/Qwen2\.5-1\.5B-Instruct-GGUF\/resolve\/[0-9a-f]{40}\/qwen2\.5-1\.5b-instruct-q4_k_m\.gguf$/,
    );
    expect(defaultLlamaModel.pin).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      bytes: 1_117_320_736,
      maxBytes: 1_117_320_736,
    });
  });

  it("takes another model only as a .gguf URL with its sha256", () => {
    expect(customLlamaModel("https://example.org/m/My-Model.Q4_K_M.gguf?download=1", "A".repeat(64))).toMatchObject({
      fileName: "My-Model.Q4_K_M.gguf",
      pin: { sha256: "a".repeat(64) },
    });
    expect(() => customLlamaModel("https://example.org/m/model.bin", "a".repeat(64))).toThrow(/\.gguf/);
  });

  it("reads LLM_MODEL_FILE as a name in MODEL_DIR or as a path", () => {
    expect(operatorModelPath("/models", "x.gguf")).toBe(path.join("/models", "x.gguf"));
    expect(operatorModelPath("/models", "/srv/x.gguf")).toBe("/srv/x.gguf");
    expect(operatorModelPath("/models", "weights/x.gguf")).toBe(path.resolve("weights/x.gguf"));
  });
});

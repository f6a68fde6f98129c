import { createHash } from "node:crypto";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";

// A stand-in for an OpenAI-compatible `POST /v1/audio/transcriptions` on 127.0.0.1, speaking its real
// multipart request and verbose_json answer. It knows the transcripts of the audio it is given (keyed by
// the file's sha256) and spreads the words evenly over the clip's duration. Never imported by src/.

export interface OpenAiAudioStandIn {
  url: string;
  /** What the last request carried, for assertions. */
  lastRequest: { model: string; language: string | null; granularities: string[]; authorization: string | null } | null;
  close(): Promise<void>;
}

export async function startOpenAiAudioStandIn({
  transcripts,
  apiKey,
  unsupportedLanguages = ["de"],
}: {
  transcripts: Map<string, string>;
  apiKey?: string;
  unsupportedLanguages?: string[];
}): Promise<OpenAiAudioStandIn> {
  const state: { lastRequest: OpenAiAudioStandIn["lastRequest"] } = { lastRequest: null };
  const app = new Hono();
  app.post("/v1/audio/transcriptions", async (c) => {
    const authorization = c.req.header("Authorization") ?? null;
    if (apiKey && authorization !== `Bearer ${apiKey}`)
      return c.json({ error: { message: "Incorrect API key provided", type: "invalid_request_error" } }, 401);
    const form = await c.req.formData();
    const file = form.get("file");
    const model = String(form.get("model") ?? "");
    const language = form.get("language") ? String(form.get("language")) : null;
    state.lastRequest = { model, language, granularities: form.getAll("timestamp_granularities[]").map(String), authorization };
    if (model === "always-500") return c.json({ error: { message: "The server had an error", type: "server_error" } }, 500);
    if (model === "garbage") return c.text("<html>not json</html>");
    if (!(file instanceof File))
      return c.json({ error: { message: "Could not parse multipart form: file is required", type: "invalid_request_error" } }, 400);
    if (language && unsupportedLanguages.includes(language)) {
      return c.json({ error: { message: `Language '${language}' is not supported`, type: "invalid_request_error" } }, 400);
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const text = transcripts.get(createHash("sha256").update(bytes).digest("hex")) ?? "";
    // 16 kHz mono 16-bit PCM after a 44-byte header: 32,000 bytes a second.
    const duration = Math.max(0, bytes.length - 44) / 32_000;
    const tokens = text.split(/\s+/).filter(Boolean);
    const step = tokens.length > 0 ? duration / tokens.length : 0;
    const words = tokens.map((word, index) => ({ word, start: index * step, end: (index + 1) * step }));
    const half = Math.ceil(tokens.length / 2);
    const segments = [tokens.slice(0, half), tokens.slice(half)]
      .filter((part) => part.length > 0)
      .map((part, index) => ({
        id: index,
        start: index === 0 ? 0 : half * step,
        end: index === 0 ? half * step : duration,
        text: ` ${part.join(" ")}`,
      }));
    return c.json({ task: "transcribe", language: "english", duration, text, segments, words });
  });
  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(instance));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get lastRequest() {
      return state.lastRequest;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

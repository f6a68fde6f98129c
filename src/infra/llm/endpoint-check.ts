import { chatApiRoot } from "./openai-client";

// "Test connection" for an OpenAI-compatible endpoint an admin is about to save (issue 19): GET {root}/models,
// then, when the list does not name the model (or the server lists none), one tiny real request for that
// model: a 1-token chat completion, a one-word embedding, a 0.1 s silent transcription. Problems are named
// plainly: unreachable, timeout, key refused (401/403), model unknown (404), redirect (never followed).
// Loopback and private addresses are allowed on purpose: Ollama on 127.0.0.1 is the common case, and only
// admins reach this check (the same person could set the variable).

export type EndpointKind = "chat" | "transcription" | "embeddings";
export type EndpointProblem = "unreachable" | "timeout" | "key_refused" | "model_unknown" | "redirect" | "error";

export interface EndpointCheck {
  ok: boolean;
  problem: EndpointProblem | null;
  /** What happened, with the URL and the server's own words (shown to the admin as it is). */
  detail: string;
  /** The models the server lists, when it lists them. */
  models?: string[];
}

export interface EndpointCheckInput {
  kind: EndpointKind;
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per request (tests shorten it). */
  timeoutMs?: number;
}

/** The API root the engine itself uses: the speech engine posts to {origin}/v1, the chat and embedding clients to chatApiRoot. */
export function endpointRoot(kind: EndpointKind, baseUrl: string): string {
  return kind === "transcription" ? `${new URL(baseUrl).origin}/v1` : chatApiRoot(baseUrl);
}

type Answer = { status: number; location: string | null; text: string };

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text().catch(() => "");
  return { status: response.status, location: response.headers.get("location"), text };
}

function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message ?? body.detail);
    if (typeof message === "string" && message) return message.slice(0, 300);
  } catch {
    // Not JSON: a short text is still worth showing.
  }
  return text.trim().slice(0, 200);
}

function failure(error: unknown, url: string, timeoutMs: number): EndpointCheck {
  if (error instanceof Error && error.name === "TimeoutError") {
    return { ok: false, problem: "timeout", detail: `${url}: no answer within ${timeoutMs / 1000} s` };
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === "object" && "code" in cause ? ` (${String(cause.code)})` : "";
  const message = cause instanceof Error ? cause.message : String(cause);
  return { ok: false, problem: "unreachable", detail: `${url}: unreachable: ${message}${code}` };
}

/** A refusal named by its status; null when the status is a success. */
function refusal(answer: Answer, url: string, model: string): EndpointCheck | null {
  if (answer.status >= 200 && answer.status < 300) return null;
  const said = serverMessage(answer.text);
  const tail = said ? `: ${said}` : "";
  if (answer.status >= 300 && answer.status < 400) {
    return {
      ok: false,
      problem: "redirect",
      detail: `${url} redirects to ${answer.location ?? "another address"}; redirects are not followed: use the final address`,
    };
  }
  if (answer.status === 401 || answer.status === 403)
    return { ok: false, problem: "key_refused", detail: `${url}: the API key was refused (${answer.status})${tail}` };
  if (answer.status === 404) return { ok: false, problem: "model_unknown", detail: `${url}: the model "${model}" is unknown (404)${tail}` };
  return { ok: false, problem: "error", detail: `${url} answered ${answer.status}${tail}` };
}

/** 0.1 s of silence as a 16 kHz mono 16-bit WAV: the smallest file a transcription endpoint accepts. */
function silentWav(): Blob {
  const samples = 1600;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(16_000, 24);
  buffer.writeUInt32LE(32_000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples * 2, 40);
  return new Blob([buffer], { type: "audio/wav" });
}

function modelRequest(kind: EndpointKind, root: string, model: string): { url: string; init: RequestInit } {
  if (kind === "chat") {
    const body = { model, messages: [{ role: "user", content: "ping" }], max_tokens: 1 };
    return {
      url: `${root}/chat/completions`,
      init: { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } },
    };
  }
  if (kind === "embeddings") {
    return {
      url: `${root}/embeddings`,
      init: { method: "POST", body: JSON.stringify({ model, input: ["ping"] }), headers: { "content-type": "application/json" } },
    };
  }
  const form = new FormData();
  form.set("file", silentWav(), "silence.wav");
  form.set("model", model);
  form.set("response_format", "json");
  return { url: `${root}/audio/transcriptions`, init: { method: "POST", body: form } };
}

function modelIds(text: string): string[] | undefined {
  try {
    const body = JSON.parse(text) as { data?: unknown };
    if (!Array.isArray(body.data)) return undefined;
    return body.data.flatMap((item: unknown) =>
      item && typeof item === "object" && "id" in item && typeof item.id === "string" ? [item.id] : [],
    );
  } catch {
    return undefined;
  }
}

export async function checkEndpoint({ kind, baseUrl, apiKey, model, timeoutMs = 5000 }: EndpointCheckInput): Promise<EndpointCheck> {
  const root = endpointRoot(kind, baseUrl);
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const listUrl = `${root}/models`;
  let listed: string[] | undefined;
  try {
    const answer = await send(listUrl, { headers: auth }, timeoutMs);
    // Transcription servers (whisper.cpp's, faster-whisper's) often list no models: a 404 there still answers.
    if (answer.status !== 404) {
      const refused = refusal(answer, listUrl, model);
      if (refused) return refused;
      listed = modelIds(answer.text);
      if (listed?.includes(model)) return { ok: true, problem: null, detail: `${listUrl}: answered; "${model}" is listed`, models: listed };
    }
  } catch (error) {
    return failure(error, listUrl, timeoutMs);
  }
  const request = modelRequest(kind, root, model);
  try {
    const answer = await send(request.url, { ...request.init, headers: { ...auth, ...request.init.headers } }, timeoutMs);
    const refused = refusal(answer, request.url, model);
    if (refused) return { ...refused, ...(listed ? { models: listed } : {}) };
    const note = listed ? "not in the model list, but" : "the server lists no models, but";
    return { ok: true, problem: null, detail: `${request.url}: ${note} "${model}" answered`, ...(listed ? { models: listed } : {}) };
  } catch (error) {
    return failure(error, request.url, timeoutMs);
  }
}

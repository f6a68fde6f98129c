import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { defaultJsonReply, defaultTextReply, type PromptMessage, promptSentences, promptStamps } from "./default-replies";
import { embeddingsAnswer, embeddingsRequest } from "./embeddings";
import { type JsonSchema, strictSchemaProblem } from "./json-schema-check";

// A stand-in for an OpenAI-compatible chat endpoint on 127.0.0.1: `POST /v1/chat/completions` (a JSON
// answer, or `stream: true` server-sent chunks ending in `data: [DONE]`, in OpenAI's exact shapes),
// `GET /v1/models`, Bearer key checks with OpenAI's 401 body. Replies come from a scripted queue, else
// from the deterministic defaults in default-replies.ts. Never imported by src/.
//   POST /__script   body: one reply or an array of replies (see ScriptedReply), queued in order
//   POST /__release  body: { hold } answers the requests a reply with that `hold` keeps waiting (and later ones)
//   GET  /__requests the chat requests received so far; POST /__reset empties both
//   GET  /health

/**
 * One scripted answer, used by the next chat request — or, with `when`, by the next request whose messages
 * contain that text (so parallel tests that share one stand-in each get their own reply). `repeat` keeps it
 * for every later match too (a browser test cannot know which of several parallel journeys asks first).
 */
export type ScriptedReply = {
  when?: string;
  repeat?: boolean;
  /** The answer waits until POST /__release names this hold: a test sees the work under way, then ends it. */
  hold?: string;
} /** The assistant's content is this value as JSON (for json_schema requests; not checked against it). */ & (
  | { json: unknown }
  /** The assistant's content; `finishReason` "length" or "content_filter" as a real endpoint says them. */
  | { text: string; finishReason?: "stop" | "length" | "content_filter"; stallAfterChunks?: number }
  /** A structured-outputs refusal (`message.refusal`). */
  | { refusal: string }
  /** An error answer with OpenAI's body: `{ error: { message, type, param, code } }`. */
  | { status: number; message?: string; type?: string; code?: string | null }
  /** The connection is closed without an answer. */
  | { hangUp: true }
);
// `stallAfterChunks`: a stream sends that many chunks, then holds the connection open until the client
// leaves (a non-streamed request gets no answer at all): what an abort test waits on, without sleeping.

export interface RecordedChatRequest {
  path: string;
  authorization: string | null;
  body: ChatRequestBody;
}

export interface OpenAiChatStandIn {
  url: string;
  port: number;
  /** Queues replies for the next requests, in order. */
  script(...replies: ScriptedReply[]): void;
  /** The chat completion requests received so far, oldest first. */
  requests(): RecordedChatRequest[];
  /** How many embeddings requests came in (each embeds a batch of texts). */
  embeddingRequests(): number;
  reset(): void;
  close(): Promise<void>;
}

const chatRequestBody = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(["system", "developer", "user", "assistant", "tool"]),
        content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() })), z.null()]),
      }),
    )
    .min(1),
  stream: z.boolean().optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  response_format: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("text") }),
      z.object({ type: z.literal("json_object") }),
      z.object({
        type: z.literal("json_schema"),
        json_schema: z.object({
          name: z.string(),
          schema: z.record(z.string(), z.unknown()),
          strict: z.boolean().nullish(),
          description: z.string().optional(),
        }),
      }),
    ])
    .optional(),
});
export type ChatRequestBody = z.infer<typeof chatRequestBody>;

const replyKinds = z.union([
  z.object({ json: z.unknown() }),
  z.object({
    text: z.string(),
    finishReason: z.enum(["stop", "length", "content_filter"]).optional(),
    stallAfterChunks: z.number().int().min(0).optional(),
  }),
  z.object({ refusal: z.string() }),
  z.object({
    status: z.number().int().min(400).max(599),
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.string().nullish(),
  }),
  z.object({ hangUp: z.literal(true) }),
]);
const scriptedReply = z.intersection(
  z.object({ when: z.string().min(1).optional(), repeat: z.boolean().optional(), hold: z.string().min(1).optional() }),
  replyKinds,
);

export async function startOpenAiChatStandIn({
  port = 0,
  apiKey,
  models = ["stand-in-chat"],
}: {
  port?: number;
  apiKey?: string;
  models?: string[];
} = {}): Promise<OpenAiChatStandIn> {
  const queue: ScriptedReply[] = [];
  const received: RecordedChatRequest[] = [];
  let sequence = 0;
  let embeddingRequests = 0;
  // Holds released so far, and the requests each unreleased hold keeps waiting.
  const released = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const release = (hold: string) => {
    released.add(hold);
    for (const resume of waiting.get(hold) ?? []) resume();
    waiting.delete(hold);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, (error as Error).message, "server_error");
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    const route = `${request.method} ${path}`;
    if (route === "GET /health") return sendJson(response, 200, { ok: true });
    if (route === "POST /__script") {
      const parsed = z.union([scriptedReply, z.array(scriptedReply)]).safeParse(JSON.parse((await readBody(request)) || "null"));
      if (!parsed.success) return sendJson(response, 400, { error: parsed.error.message });
      queue.push(...(Array.isArray(parsed.data) ? parsed.data : [parsed.data]));
      return sendJson(response, 200, { queued: queue.length });
    }
    if (route === "POST /__release") {
      const parsed = z.object({ hold: z.string().min(1) }).safeParse(JSON.parse((await readBody(request)) || "null"));
      if (!parsed.success) return sendJson(response, 400, { error: parsed.error.message });
      release(parsed.data.hold);
      return sendJson(response, 200, { released: parsed.data.hold });
    }
    if (route === "GET /__requests") return sendJson(response, 200, received);
    if (route === "POST /__reset") {
      queue.length = 0;
      received.length = 0;
      return sendJson(response, 200, { ok: true });
    }
    const authorization = request.headers.authorization ?? null;
    if (path.startsWith("/v1/") && apiKey && authorization !== `Bearer ${apiKey}`) {
      const given = authorization?.replace(/^Bearer\s+/i, "");
      return given
        ? sendError(
            response,
            401,
            `Incorrect API key provided: ${given.slice(0, 3)}***. You can find your API key at https://platform.openai.com/account/api-keys.`,
            "invalid_request_error",
            "invalid_api_key",
          )
        : sendError(
            response,
            401,
            "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            "invalid_request_error",
          );
    }
    if (route === "GET /v1/models") {
      return sendJson(response, 200, {
        object: "list",
        data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "stand-in" })),
      });
    }
    if (route === "POST /v1/embeddings") {
      const parsed = embeddingsRequest.safeParse(JSON.parse((await readBody(request)) || "null"));
      if (!parsed.success) return sendError(response, 400, parsed.error.message, "invalid_request_error", null);
      embeddingRequests += 1;
      return sendJson(response, 200, embeddingsAnswer(parsed.data));
    }
    if (route !== "POST /v1/chat/completions")
      return sendError(response, 404, `Unknown request URL: ${request.method} ${path}.`, "invalid_request_error", "unknown_url");

    let body: ChatRequestBody;
    try {
      const parsed = chatRequestBody.safeParse(JSON.parse(await readBody(request)));
      if (!parsed.success)
        return sendError(response, 400, `Invalid request: ${parsed.error.issues[0]?.message ?? "bad body"}`, "invalid_request_error");
      body = parsed.data;
    } catch {
      return sendError(response, 400, "We could not parse the JSON body of your request.", "invalid_request_error");
    }
    received.push({ path, authorization, body });
    const format = body.response_format;
    if (format?.type === "json_schema") {
      if (!/^[a-zA-Z0-9_-]{1,64}$/.test(format.json_schema.name)) {
        return sendError(
          response,
          400,
          "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
          "invalid_request_error",
          "invalid_value",
        );
      }
      const problem = format.json_schema.strict ? strictSchemaProblem(format.json_schema.schema) : null;
      if (problem)
        return sendError(
          response,
          400,
          `Invalid schema for response_format '${format.json_schema.name}': ${problem}`,
          "invalid_request_error",
          "invalid_json_schema",
        );
    }

    const messages: PromptMessage[] = body.messages.map((message) => ({
      role: message.role,
      content: typeof message.content === "string" ? message.content : (message.content ?? []).map((part) => part.text ?? "").join(""),
    }));
    const said = messages.map((message) => message.content).join("\n");
    // A reply scoped with `when` answers only a request of its kind: JSON for JSON, text for text (an answer
    // to a question quotes the same words as the notes request and must not take the notes' reply).
    const wantsJson = format?.type === "json_schema" || format?.type === "json_object";
    // A text cut off at the token limit fits either kind: it is how a JSON answer that ran out of tokens comes back.
    const fits = (candidate: ScriptedReply) =>
      "json" in candidate ? wantsJson : "text" in candidate ? !wantsJson || candidate.finishReason === "length" : true;
    const scripted = queue.findIndex((candidate) => candidate.when === undefined || (said.includes(candidate.when) && fits(candidate)));
    const reply: ScriptedReply =
      (scripted >= 0 ? (queue[scripted]?.repeat ? queue[scripted] : queue.splice(scripted, 1)[0]) : undefined) ??
      (format?.type === "json_schema"
        ? { json: defaultJsonReply(format.json_schema.schema as JsonSchema, promptSentences(messages), promptStamps(messages)) }
        : { text: defaultTextReply(messages) });

    const hold = reply.hold;
    if (hold !== undefined && !released.has(hold)) {
      // Until released, or until the client gives up.
      await new Promise<void>((resume) => {
        waiting.set(hold, [...(waiting.get(hold) ?? []), resume]);
        request.socket.once("close", resume);
      });
      if (request.socket.destroyed) return;
    }
    if ("hangUp" in reply) {
      request.socket.destroy();
      return;
    }
    if ("status" in reply)
      return sendError(
        response,
        reply.status,
        reply.message ?? "The server had an error while processing your request.",
        reply.type ?? (reply.status >= 500 ? "server_error" : "invalid_request_error"),
        reply.code ?? null,
      );
    const content = "json" in reply ? JSON.stringify(reply.json) : "text" in reply ? reply.text : null;
    const refusal = "refusal" in reply ? reply.refusal : null;
    const finishReason = "finishReason" in reply && reply.finishReason ? reply.finishReason : "stop";
    const stallAfter = "stallAfterChunks" in reply ? reply.stallAfterChunks : undefined;
    const id = `chatcmpl-standin${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = messages.reduce((sum, message) => sum + wordCount(message.content), 0);
    const completionTokens = wordCount(content ?? refusal ?? "");
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };

    if (!body.stream) {
      if (stallAfter !== undefined) return; // held open until the client gives up
      return sendJson(response, 200, {
        id,
        object: "chat.completion",
        created,
        model: body.model,
        choices: [
          { index: 0, message: { role: "assistant", content, refusal, annotations: [] }, logprobs: null, finish_reason: finishReason },
        ],
        usage,
        service_tier: "default",
        system_fingerprint: "fp_standin",
      });
    }
    response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
    const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, service_tier: "default", system_fingerprint: "fp_standin", choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
    response.write(chunk({ role: "assistant", content: "", refusal: null }, null));
    const pieces = refusal !== null ? [] : ((content ?? "").match(/\s*\S+/g) ?? []);
    for (const [index, piece] of pieces.entries()) {
      if (stallAfter !== undefined && index >= stallAfter) return; // held open until the client gives up
      response.write(chunk({ content: piece }, null));
    }
    if (refusal !== null) response.write(chunk({ refusal }, null));
    response.write(chunk({}, finishReason));
    const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    if (includeUsage) {
      response.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, system_fingerprint: "fp_standin", choices: [], usage })}\n\n`,
      );
    }
    response.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    script: (...replies) => {
      queue.push(...replies);
    },
    requests: () => structuredClone(received),
    embeddingRequests: () => embeddingRequests,
    reset: () => {
      queue.length = 0;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Stalled streams would keep close() waiting for ever.
        server.closeAllConnections();
      }),
  };
}

const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length;

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, message: string, type: string, code: string | null = null): void {
  sendJson(response, status, { error: { message, type, param: null, code } });
}

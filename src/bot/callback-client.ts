import {
  type BotFinish,
  type BotHeartbeat,
  type BotHeartbeatReply,
  type BotSpeakerTimeline,
  type BotStatusReport,
  botCallbackPaths,
  botHeartbeatReplySchema,
} from "../shared/meetings/bot-callbacks";

// The bot's only way to talk to the product (issue 6): signed HTTP callbacks under
// `${callbackBaseUrl}/api/bot-callbacks/${botId}/` (src/shared/meetings/bot-callbacks.ts), each with the
// per-bot token as a Bearer token. One call = one request; retrying is the callback queue's job, so the
// error says whether a retry could help.

export class CallbackError extends Error {
  override name = "CallbackError";
  constructor(
    message: string,
    /** Network errors, 5xx and 429 may pass on a retry; other 4xx will not. */
    readonly isRetryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface CallbackClientOptions {
  callbackBaseUrl: string;
  botId: string;
  token: string;
  /** Per request; a hung server must not hold the queue forever. */
  timeoutMs?: number;
}

export interface CallbackClient {
  postStatus(report: BotStatusReport): Promise<void>;
  heartbeat(body: BotHeartbeat): Promise<BotHeartbeatReply>;
  putRecordingPart(index: number, bytes: Uint8Array): Promise<void>;
  postSpeakers(timeline: BotSpeakerTimeline): Promise<void>;
  finish(body: BotFinish): Promise<void>;
}

export function createCallbackClient({ callbackBaseUrl, botId, token, timeoutMs = 15_000 }: CallbackClientOptions): CallbackClient {
  const base = `${callbackBaseUrl.replace(/\/+$/, "")}/api/bot-callbacks/${encodeURIComponent(botId)}/`;

  async function send(method: "POST" | "PUT", path: string, body: BodyInit, contentType: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": contentType },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CallbackError(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      const isRetryable = response.status >= 500 || response.status === 429 || response.status === 408;
      throw new CallbackError(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`, isRetryable, response.status);
    }
    return response;
  }

  const json = (method: "POST" | "PUT", path: string, value: unknown) => send(method, path, JSON.stringify(value), "application/json");
  const drain = async (response: Response) => {
    await response.arrayBuffer().catch(() => undefined);
  };

  return {
    async postStatus(report) {
      await drain(await json("POST", botCallbackPaths.status, report));
    },
    async heartbeat(body) {
      const response = await json("POST", botCallbackPaths.heartbeat, body);
      const parsed = botHeartbeatReplySchema.safeParse(await response.json().catch(() => null));
      // A reply we cannot read is the server's bug, not a reason to leave the call.
      if (!parsed.success) throw new CallbackError(`POST heartbeat: unexpected reply (${parsed.error.message})`, false, response.status);
      return parsed.data;
    },
    async putRecordingPart(index, bytes) {
      // A copy into a plain ArrayBuffer: fetch's BodyInit wants one, not a view that may share a larger buffer.
      const body = new Uint8Array(bytes).buffer;
      await drain(await send("PUT", `${botCallbackPaths.recording}/${index}`, body, "audio/webm"));
    },
    async postSpeakers(timeline) {
      await drain(await json("POST", botCallbackPaths.speakers, timeline));
    },
    async finish(body) {
      await drain(await json("POST", botCallbackPaths.finish, body));
    },
  };
}

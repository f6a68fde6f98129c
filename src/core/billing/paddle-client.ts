import type { Environment, Paddle } from "@paddle/paddle-node-sdk";
import type { BillingSettings } from "./settings";

// Paddle Billing's server SDK. The base URL goes in as `environment`: the SDK maps "sandbox" and
// "production" to Paddle's hosts and uses every other value as the base URL itself (research section
// 1.2), which is how tests reach the stand-in. The SDK takes ~0.35 s to import, so it loads on the first
// Paddle call, not with every process (issue 22).

export type PaddleSettings = NonNullable<BillingSettings["paddle"]>;

/** Paddle could not be reached or refused the call; the API answers 502 PADDLE_API_ERROR. */
export class PaddleCallError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Paddle: ${code}: ${detail}`, options);
    this.name = "PaddleCallError";
  }
}

/** The client, made on first use (then kept). */
export type PaddleClient = () => Promise<Paddle>;

export function createPaddleClient(settings: PaddleSettings): PaddleClient {
  let client: Promise<Paddle> | null = null;
  return () => {
    client ??= import("@paddle/paddle-node-sdk").then(
      ({ LogLevel, Paddle }) =>
        new Paddle(settings.apiKey, {
          environment: settings.apiBaseUrl as Environment,
          // The SDK logs through console.error; failures reach our logger as PaddleCallError instead.
          logLevel: LogLevel.none,
        }),
    );
    return client;
  };
}

/** Runs one SDK call; Paddle's error answers, network failures and non-JSON bodies become PaddleCallError. */
export async function callPaddle<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // The SDK is loaded by now: the call came from a client it made.
    const { ApiError } = await import("@paddle/paddle-node-sdk");
    if (error instanceof ApiError) throw new PaddleCallError(error.code, error.detail, { cause: error });
    if (error instanceof Error) throw new PaddleCallError("request_failed", error.message, { cause: error });
    throw error;
  }
}

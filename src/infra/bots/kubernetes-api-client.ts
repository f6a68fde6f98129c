import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";

// The few Kubernetes REST calls the bot launcher makes, over HTTPS with the pod's service-account token
// and the cluster CA (no client library: three calls do not pay for one, and the stand-in in
// test/stand-ins/kubernetes-api.ts checks the same wire shapes). The token is read again for every call:
// projected service-account tokens are rotated by the kubelet about once an hour.

export interface KubernetesApiSettings {
  apiUrl: string;
  tokenFile: string;
  caFile: string;
}

export interface KubernetesAnswer {
  status: number;
  body: unknown;
}

/** A call that got no answer from the API server (connection, TLS, timeout). */
export class KubernetesApiUnreachableError extends Error {
  override name = "KubernetesApiUnreachableError";
}

const requestTimeoutMs = 15_000;
/** A Job or a Status is a few KB; anything much larger is not the API server. */
const maxAnswerBytes = 1024 * 1024;

export interface KubernetesApiClient {
  call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<KubernetesAnswer>;
}

export function createKubernetesApiClient(settings: KubernetesApiSettings): KubernetesApiClient {
  const base = new URL(settings.apiUrl);
  const isHttps = base.protocol === "https:";
  // The CA does not change for a pod's life; a failed read is tried again on the next call.
  let ca: Promise<Buffer> | null = null;
  const readCa = () => {
    ca ??= readFile(settings.caFile).catch((error: unknown) => {
      ca = null;
      throw error;
    });
    return ca;
  };

  return {
    async call(method, path, body) {
      let token: string;
      let caBytes: Buffer | undefined;
      try {
        token = (await readFile(settings.tokenFile, "utf8")).trim();
        caBytes = isHttps ? await readCa() : undefined;
      } catch (error) {
        throw new KubernetesApiUnreachableError(`cannot read the service-account files: ${messageOf(error)}`);
      }
      const url = new URL(`${base.pathname.replace(/\/+$/, "")}${path}`, base);
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers: http.OutgoingHttpHeaders = { Accept: "application/json", Authorization: `Bearer ${token}` };
      if (payload) {
        headers["Content-Type"] = "application/json";
        headers["Content-Length"] = payload.length;
      }
      return new Promise<KubernetesAnswer>((resolve, reject) => {
        const options: https.RequestOptions = { method, headers, timeout: requestTimeoutMs, ...(caBytes ? { ca: caBytes } : {}) };
        const request = (isHttps ? https : http).request(url, options, (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxAnswerBytes) response.destroy(new Error("answer too large"));
            else chunks.push(chunk);
          });
          response.on("error", (error) => reject(new KubernetesApiUnreachableError(messageOf(error))));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: response.statusCode ?? 0, body: parseJson(text) });
          });
        });
        request.on("timeout", () => request.destroy(new Error(`no answer within ${requestTimeoutMs} ms`)));
        request.on("error", (error) => reject(new KubernetesApiUnreachableError(messageOf(error))));
        request.end(payload);
      });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

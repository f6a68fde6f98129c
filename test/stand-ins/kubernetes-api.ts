import { execFile } from "node:child_process";
import { EventEmitter, once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A stand-in for the part of the Kubernetes API the bot launcher uses, on 127.0.0.1 over HTTPS with a
// self-signed certificate (its own CA, as a cluster's is): batch/v1 Jobs in any namespace, with the real
// wire shapes. POST .../jobs -> 201 the Job (409 AlreadyExists when the name is taken), GET .../jobs/{name}
// -> 200 the Job (404 NotFound), DELETE .../jobs/{name} -> 200 a Success Status; a request without an
// accepted bearer token -> 401 Unauthorized. Tests finish Jobs through `finishJob`. Never imported by src/.

export interface StoredJob {
  namespace: string;
  name: string;
  /** The Job as posted, with the server's metadata and status added. */
  object: Record<string, unknown> & { metadata: Record<string, unknown>; status: Record<string, unknown> };
}

export interface KubernetesApiStandIn {
  /** `https://127.0.0.1:<port>`: BOT_KUBERNETES_API_URL. */
  url: string;
  /** The self-signed certificate's PEM file: BOT_KUBERNETES_CA_FILE. */
  caFile: string;
  /** Tokens answered; anything else gets 401. Tests replace the set to model a rotation. */
  acceptedTokens: Set<string>;
  /** Jobs by `${namespace}/${name}`. */
  jobs: Map<string, StoredJob>;
  /** Every request as "METHOD /path", in order. */
  requests: string[];
  /** Every DELETE's options (body), in order. */
  deleteOptions: unknown[];
  /** Resolves with the Job once one of that name exists (at once if it does). */
  waitForJob(namespace: string, name: string): Promise<StoredJob>;
  /** Marks a Job finished the way the Job controller does (conditions, succeeded/failed counts). */
  finishJob(namespace: string, name: string, outcome: "Complete" | "Failed"): void;
  close(): Promise<void>;
}

const run = promisify(execFile);
const jobsPath = /^\/apis\/batch\/v1\/namespaces\/([a-z0-9-]{1,63})\/jobs(?:\/([a-z0-9.-]{1,253}))?$/;

function status(code: number, reason: string, message: string, details?: Record<string, unknown>) {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: code < 300 ? "Success" : "Failure",
    ...(code < 300 ? {} : { message, reason }),
    ...(details ? { details } : {}),
    code,
  };
}

export async function startKubernetesApiStandIn({
  tokens = ["stand-in-token"],
}: {
  tokens?: string[];
} = {}): Promise<KubernetesApiStandIn> {
  const dir = await mkdtemp(path.join(tmpdir(), "k8s-stand-in-"));
  const keyFile = path.join(dir, "tls.key");
  const caFile = path.join(dir, "ca.crt");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=kubernetes",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    keyFile,
    "-out",
    caFile,
  ]);
  const acceptedTokens = new Set(tokens);
  const jobs = new Map<string, StoredJob>();
  const requests: string[] = [];
  const deleteOptions: unknown[] = [];
  const created = new EventEmitter();
  let uid = 0;

  const server = https.createServer({ key: await readFile(keyFile), cert: await readFile(caFile) }, async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown) : undefined;
    const url = new URL(request.url ?? "/", "https://127.0.0.1");
    requests.push(`${request.method} ${url.pathname}`);
    const answer = (code: number, value: unknown) => {
      response.writeHead(code, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    };
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !acceptedTokens.has(token)) return answer(401, status(401, "Unauthorized", "Unauthorized"));
    const match = jobsPath.exec(url.pathname);
    if (!match) return answer(404, status(404, "NotFound", "the server could not find the requested resource"));
    const [, namespace, name] = match as unknown as [string, string, string | undefined];
    if (request.method === "POST" && !name) {
      const job = body as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } } | undefined;
      if (job?.apiVersion !== "batch/v1" || job.kind !== "Job" || typeof job.metadata?.name !== "string") {
        return answer(400, status(400, "BadRequest", "the body is not a batch/v1 Job"));
      }
      const jobName = job.metadata.name;
      const key = `${namespace}/${jobName}`;
      if (jobs.has(key))
        return answer(
          409,
          status(409, "AlreadyExists", `jobs.batch "${jobName}" already exists`, { name: jobName, group: "batch", kind: "jobs" }),
        );
      uid += 1;
      const object = {
        ...(body as Record<string, unknown>),
        metadata: { ...job.metadata, namespace, uid: `uid-${uid}`, creationTimestamp: new Date().toISOString() },
        status: {},
      };
      const stored: StoredJob = { namespace, name: jobName, object };
      jobs.set(key, stored);
      created.emit(key, stored);
      return answer(201, object);
    }
    const stored = name ? jobs.get(`${namespace}/${name}`) : undefined;
    if (name && (request.method === "GET" || request.method === "DELETE")) {
      if (!stored) return answer(404, status(404, "NotFound", `jobs.batch "${name}" not found`, { name, group: "batch", kind: "jobs" }));
      if (request.method === "GET") return answer(200, stored.object);
      deleteOptions.push(body ?? Object.fromEntries(url.searchParams));
      jobs.delete(`${namespace}/${name}`);
      return answer(200, status(200, "", "", { name, group: "batch", kind: "jobs", uid: stored.object.metadata.uid }));
    }
    return answer(405, status(405, "MethodNotAllowed", "the server does not allow this method on the requested resource"));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    caFile,
    acceptedTokens,
    jobs,
    requests,
    deleteOptions,
    async waitForJob(namespace, name) {
      const key = `${namespace}/${name}`;
      const existing = jobs.get(key);
      if (existing) return existing;
      const [stored] = (await once(created, key)) as [StoredJob];
      return stored;
    },
    finishJob(namespace, name, outcome) {
      const stored = jobs.get(`${namespace}/${name}`);
      if (!stored) throw new Error(`no Job ${namespace}/${name}`);
      const now = new Date().toISOString();
      stored.object.status = {
        ...(outcome === "Complete" ? { succeeded: 1, completionTime: now } : { failed: 1 }),
        conditions: [
          { type: outcome, status: "True", lastTransitionTime: now, ...(outcome === "Failed" ? { reason: "BackoffLimitExceeded" } : {}) },
        ],
      };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

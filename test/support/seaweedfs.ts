import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { access, constants, mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

// A real S3-compatible server for the S3 storage tests (issue 21): SeaweedFS (`weed server` with its S3
// gateway) on 127.0.0.1, built by scripts/storage/fetch-seaweedfs.sh into .cache/seaweedfs/weed (or
// WEED_PATH). One server per test file; its data lives in a temporary folder removed by stop().

export interface RunningSeaweedFs {
  /** STORAGE_URL for the app: s3://<bucket>?endpoint=...&region=us-east-1&forcePathStyle=true */
  storageUrl: string;
  /** The variables a web or worker process needs: STORAGE_URL and the access key. */
  env: { STORAGE_URL: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Kills the server and removes its data. */
  stop(): Promise<void>;
  /**
   * Stops the process only, keeping the data: SIGKILL (a crash) by default, or SIGTERM (SeaweedFS takes
   * over 5 s to leave; SIGKILL then). restart() brings the same store and objects back on the same ports
   * in about 3 s (fault tests).
   */
  kill(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  restart(): Promise<void>;
}

export async function weedBinary(): Promise<string> {
  const binary = process.env.WEED_PATH || path.resolve(".cache", "seaweedfs", "weed");
  try {
    await access(binary, constants.X_OK);
  } catch {
    throw new Error(`SeaweedFS is not built: run \`bash scripts/storage/fetch-seaweedfs.sh\` (or set WEED_PATH); looked for ${binary}`);
  }
  return binary;
}

/** `count` free ports, all held open until each is known, so no two are the same. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve) => {
          const server = createServer().listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

async function exitOf(child: ChildProcess, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Starts SeaweedFS (master, volume, filer, S3 gateway) on free ports, with one access key and one bucket. */
export async function startSeaweedFs({ bucket = "parley-test" }: { bucket?: string } = {}): Promise<RunningSeaweedFs> {
  const binary = await weedBinary();
  const dir = await mkdtemp(path.join(tmpdir(), "parley-seaweedfs-"));
  const credentials = { accessKeyId: `parley${randomBytes(6).toString("hex")}`, secretAccessKey: randomBytes(20).toString("hex") };
  const configFile = path.join(dir, "s3.json");
  await writeFile(
    configFile,
    JSON.stringify({
      identities: [
        {
          name: "parley",
          credentials: [{ accessKey: credentials.accessKeyId, secretKey: credentials.secretAccessKey }],
          actions: ["Admin", "Read", "Write", "List", "Tagging"],
        },
      ],
    }),
  );
  // Every port chosen here (gRPC ones too: their default, port + 10000, may be taken or out of range).
  const [master, masterGrpc, volume, volumeGrpc, filer, filerGrpc, s3, s3Grpc] = await distinctFreePorts(8);
  const args = [
    "server",
    `-dir=${dir}`,
    "-ip=127.0.0.1",
    "-ip.bind=127.0.0.1",
    `-master.port=${master}`,
    `-master.port.grpc=${masterGrpc}`,
    "-master.telemetry=false",
    // A restarted master elects itself at once (resuming its raft state took 13 s); volumes re-register.
    "-master.resumeState=false",
    "-master.volumeSizeLimitMB=64",
    `-volume.port=${volume}`,
    `-volume.port.grpc=${volumeGrpc}`,
    // No 10 s goodbye to the master on SIGTERM: stop() and kill() are quick.
    "-volume.preStopSeconds=0",
    `-filer.port=${filer}`,
    `-filer.port.grpc=${filerGrpc}`,
    "-s3",
    `-s3.port=${s3}`,
    `-s3.port.grpc=${s3Grpc}`,
    "-s3.port.iceberg=0",
    "-s3.port.lance=0",
    `-s3.config=${configFile}`,
  ];
  const endpoint = `http://127.0.0.1:${s3}`;
  let child: ChildProcess | null = null;
  let output = "";

  const start = async () => {
    output = "";
    const started = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], cwd: dir });
    started.stdout?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    started.stderr?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child = started;
    await untilBucketAnswers(started);
  };

  // Polls the S3 gateway (a readiness condition, not a fixed wait): the bucket is created, or found.
  const untilBucketAnswers = async (started: ChildProcess) => {
    const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials, maxAttempts: 1 });
    const deadline = Date.now() + 90_000;
    try {
      for (;;) {
        if (started.exitCode !== null) throw new Error(`SeaweedFS exited (${started.exitCode}):\n${output}`);
        try {
          await client.send(new CreateBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(5000) });
          return;
        } catch (error) {
          const name = (error as { name?: string }).name;
          if (name === "BucketAlreadyOwnedByYou" || name === "BucketAlreadyExists") return;
          if (Date.now() > deadline) throw new Error(`SeaweedFS's S3 gateway did not answer in 90 s (${String(error)}):\n${output}`);
        }
        await delay(200);
      }
    } finally {
      client.destroy();
    }
  };

  await start();
  const storageUrl = `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`;
  const kill = async (signal: "SIGTERM" | "SIGKILL" = "SIGKILL") => {
    if (child) await exitOf(child, signal);
  };
  return {
    storageUrl,
    env: { STORAGE_URL: storageUrl, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    endpoint,
    bucket,
    credentials,
    kill,
    restart: async () => {
      await kill();
      await start();
    },
    stop: async () => {
      await kill("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    },
  };
}

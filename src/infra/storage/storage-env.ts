import { z } from "zod";

// Where media and documents live (issue 21). The server's env schema spreads this shape in.
//
//   STORAGE_URL unset or `file:`         disk under DATA_DIR/files (the embedded default)
//   file:///srv/parley/files             disk under that folder
//   s3://BUCKET?endpoint=http://127.0.0.1:8333&region=us-east-1&forcePathStyle=true
//                                        an S3-compatible store; endpoint unset: AWS S3 itself.
//                                        publicEndpoint=URL: the address browsers reach the store at;
//                                        set, media and downloads answer 302 to a short-lived
//                                        presigned URL there instead of passing the bytes through.
// Keys: S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY, or else the AWS SDK's own chain (AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY, web identity in Kubernetes, instance roles).

export type StorageConfig =
  | { kind: "disk"; root: string | null }
  | {
      kind: "s3";
      bucket: string;
      endpoint: string | null;
      region: string;
      forcePathStyle: boolean;
      publicEndpoint: string | null;
    };

// S3's bucket naming rules (3-63 lower-case letters, digits, dots and dashes).
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const s3Parameters = new Set(["endpoint", "region", "forcePathStyle", "publicEndpoint"]);

function urlOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function httpUrl(value: string | null, name: string): string | null {
  if (value === null) return null;
  const url = urlOf(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) throw new Error(`${name} must be an http(s) URL`);
  return url.href.replace(/\/$/, "");
}

/** STORAGE_URL into a backend choice; throws an Error whose message says what is wrong. */
export function parseStorageUrl(value: string | undefined): StorageConfig {
  if (value === undefined || value === "file:") return { kind: "disk", root: null };
  const url = urlOf(value);
  if (url?.protocol === "file:") return { kind: "disk", root: decodeURIComponent(url.pathname) };
  if (url?.protocol !== "s3:") throw new Error("must be file:, file:///path or s3://bucket?endpoint=...");
  if (!bucketName.test(url.hostname)) throw new Error("s3:// needs a bucket name (3-63 lower-case letters, digits, dots, dashes)");
  if (url.pathname !== "" && url.pathname !== "/") throw new Error("s3://bucket takes no path (keys start at the bucket's root)");
  if (url.username || url.password) throw new Error("keys go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, not in STORAGE_URL");
  for (const name of url.searchParams.keys()) if (!s3Parameters.has(name)) throw new Error(`unknown parameter ${name}`);
  const forcePathStyle = url.searchParams.get("forcePathStyle") ?? "false";
  if (forcePathStyle !== "true" && forcePathStyle !== "false") throw new Error("forcePathStyle must be true or false");
  return {
    kind: "s3",
    bucket: url.hostname,
    endpoint: httpUrl(url.searchParams.get("endpoint"), "endpoint"),
    region: url.searchParams.get("region") || "us-east-1",
    forcePathStyle: forcePathStyle === "true",
    publicEndpoint: httpUrl(url.searchParams.get("publicEndpoint"), "publicEndpoint"),
  };
}

/**
 * The origins presigned URLs point at (the CSP's media-src must allow them): the public endpoint, with the
 * bucket in the host name unless path-style addressing is forced.
 */
export function storageMediaOrigins(config: StorageConfig): string[] {
  if (config.kind !== "s3" || !config.publicEndpoint) return [];
  const url = new URL(config.publicEndpoint);
  return [config.forcePathStyle ? url.origin : `${url.protocol}//${config.bucket}.${url.host}`];
}

export const storageEnvShape = {
  /** file: (disk, the default) or s3://bucket?endpoint=...&region=...&forcePathStyle=true (see storage-env.ts). */
  STORAGE_URL: z
    .string()
    .superRefine((value, context) => {
      const problem = storageUrlProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /** The S3 access key; unset: the AWS SDK's default chain (AWS_ACCESS_KEY_ID, roles). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

function storageUrlProblem(value: string): string | null {
  try {
    parseStorageUrl(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

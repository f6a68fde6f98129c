import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { PassThrough, Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { createS3Client, type S3Connection } from "./s3-client";
import { assertValidKey, type Storage, StorageError } from "./storage";

export interface S3StorageOptions extends S3Connection {
  /** The address browsers reach the store at: set, media can be handed out as presigned URLs. */
  publicEndpoint: string | null;
  /**
   * Objects bigger than this are copied (move) in parts: one CopyObject takes at most 5 GiB on AWS.
   * Tests lower it to exercise the multipart path.
   */
  multipartCopyThresholdBytes?: number;
  /** The part size of multipart copies and uploads (>= 5 MiB, S3's minimum for all but the last part). */
  partSizeBytes?: number;
}

const mib = 1024 * 1024;

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
}

/** Counts the bytes a stream passes on: the size `put` answers without a second request. */
function counted(body: Readable | Buffer): { stream: Readable | Buffer; size(): number } {
  if (Buffer.isBuffer(body)) return { stream: body, size: () => body.length };
  let total = 0;
  const counter = new PassThrough({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      callback(null, chunk);
    },
  });
  body.on("error", (error) => counter.destroy(error));
  return { stream: body.pipe(counter), size: () => total };
}

/**
 * Media and documents in a bucket of any S3-compatible store (issue 21), keys as on disk. Writes go
 * through the SDK's multipart helper (parts of 8 MiB, 4 at a time): a failed or aborted write is aborted
 * at the store, so nothing appears under the key, as with the disk's rename.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = createS3Client(options);
  const publicClient = options.publicEndpoint ? createS3Client(options, options.publicEndpoint) : null;
  const bucket = options.bucket;
  const partSize = Math.max(options.partSizeBytes ?? 8 * mib, 5 * mib);
  const copyThreshold = options.multipartCopyThresholdBytes ?? 5 * 1024 * mib;

  async function statOf(key: string): Promise<{ sizeBytes: number } | null> {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { sizeBytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function put(key: string, body: Readable | Buffer, putOptions?: { contentType?: string }) {
    assertValidKey(key);
    const source = counted(body);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: source.stream, ContentType: putOptions?.contentType },
      partSize,
      queueSize: 4,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The store refused or went away: the source (a file, a request) is not read to its end, so close it.
      if (!Buffer.isBuffer(body)) body.destroy();
      throw error;
    }
    return { sizeBytes: source.size() };
  }

  async function copy(fromKey: string, toKey: string, sizeBytes: number): Promise<void> {
    const copySource = `${bucket}/${fromKey}`;
    if (sizeBytes <= copyThreshold) {
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: copySource }));
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: toKey }));
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, number = 1; start < sizeBytes; start += partSize, number += 1) {
        const end = Math.min(start + partSize, sizeBytes) - 1;
        const result = await client.send(
          new UploadPartCopyCommand({
            Bucket: bucket,
            Key: toKey,
            UploadId,
            PartNumber: number,
            CopySource: copySource,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: result.CopyPartResult?.ETag ?? "", PartNumber: number });
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: toKey, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: toKey, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: "s3",
    put,
    async get(key, range) {
      assertValidKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(result.Body instanceof Readable)) throw new Error("the S3 client answered no Node stream");
        return result.Body;
      } catch (error) {
        if (isNotFound(error)) throw new StorageError("NOT_FOUND", `nothing stored under ${key}`);
        throw error;
      }
    },
    stat: statOf,
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      assertValidKey(prefix);
      // The key itself (as a file on disk would be) and everything under `prefix/`, never `prefix0/...`.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix }));
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          if (result.Errors?.length) throw new Error(`could not delete ${result.Errors.length} objects under ${prefix}/`);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async importFile(key, sourcePath) {
      const result = await put(key, createReadStream(sourcePath));
      await rm(sourcePath, { force: true });
      return result;
    },
    async move(fromKey, toKey) {
      assertValidKey(toKey);
      const found = await statOf(fromKey);
      if (!found) throw new StorageError("NOT_FOUND", `nothing stored under ${fromKey}`);
      await copy(fromKey, toKey, found.sizeBytes);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fromKey }));
      return found;
    },
    presignedGetUrl: publicClient
      ? async (key, presign) => {
          assertValidKey(key);
          const command = new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ResponseContentType: presign.contentType,
            ResponseContentDisposition: presign.downloadName
              ? `attachment; filename*=UTF-8''${encodeURIComponent(presign.downloadName)}`
              : undefined,
          });
          return getSignedUrl(publicClient, command, { expiresIn: presign.expiresInSeconds });
        }
      : undefined,
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(3000) });
        return true;
      } catch {
        return false;
      }
    },
  };
}

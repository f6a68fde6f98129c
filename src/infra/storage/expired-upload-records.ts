import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectsCommand, ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";

// Uploads past their expiry (a week), wherever they wait. tus keeps each upload's small record after the
// upload finishes (.json in DATA_DIR/uploads, .info in the bucket) and its own expiry is for unfinished
// uploads only, so finished ones' records piled up forever. Past the expiry nobody resumes or re-reads an
// upload (an Idempotency-Key lasts 24 hours), so records go too, with any bytes a failed finish kept
// beside them (the note was never made from those).

/** What was removed: unfinished uploads (bytes and record), and finished uploads' records. */
export interface ExpiredUploadsRemoved {
  unfinished: number;
  finishedRecords: number;
}

/** The part of tus's record these read. */
interface UploadRecord {
  size?: number;
  creation_date?: string;
}

/**
 * Every upload in DATA_DIR/uploads begun more than `expirationMs` ago: its `.json` record and its data
 * file. tus's FileStore.deleteExpired is not used: it cannot tell a finished upload (its record never
 * learns the offset, and its file has moved into storage) from an unfinished one, and it fails the whole
 * run on the first finished upload whose file is gone.
 */
export async function deleteExpiredDiskUploads(directory: string, expirationMs: number, now = Date.now()): Promise<ExpiredUploadsRemoved> {
  const removed: ExpiredUploadsRemoved = { unfinished: 0, finishedRecords: 0 };
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  for (const name of names.filter((candidate) => candidate.endsWith(".json"))) {
    const recordPath = path.join(directory, name);
    let record: UploadRecord;
    try {
      record = JSON.parse(await readFile(recordPath, "utf8")) as UploadRecord;
    } catch {
      continue; // Being written, or not tus's: left alone.
    }
    const createdAt = record.creation_date ? Date.parse(record.creation_date) : Number.NaN;
    if (!(createdAt + expirationMs < now)) continue;
    const dataPath = path.join(directory, name.slice(0, -".json".length));
    const bytesHere = await stat(dataPath).then(
      (found) => found.size,
      () => null,
    );
    // Bytes short of the declared size (or no size declared yet): an upload nobody finished.
    const isUnfinished = bytesHere !== null && (record.size === undefined || bytesHere < record.size);
    await rm(dataPath, { force: true });
    await rm(recordPath, { force: true });
    if (isUnfinished) removed.unfinished++;
    else removed.finishedRecords++;
  }
  return removed;
}

/**
 * Finished uploads' `.info` records at the bucket's top level last written more than `expirationMs` ago,
 * and any object of the same id beside them. An upload still open (its multipart upload not completed)
 * is left to tus's own expiry.
 */
export async function deleteFinishedBucketRecords(
  client: S3Client,
  bucket: string,
  expirationMs: number,
  now = Date.now(),
): Promise<number> {
  const open = new Set<string>();
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const page = await client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
    );
    for (const upload of page.Uploads ?? []) if (upload.Key) open.add(upload.Key);
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);

  const stale: string[] = [];
  let token: string | undefined;
  do {
    // The delimiter keeps the listing to the top level, where upload ids live (notes are under users/).
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Delimiter: "/", ContinuationToken: token }));
    for (const item of page.Contents ?? []) {
      const key = item.Key ?? "";
      const id = key.slice(0, -".info".length);
      const writtenAt = item.LastModified?.getTime() ?? now;
      if (key.endsWith(".info") && !open.has(id) && writtenAt + expirationMs < now) stale.push(id);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);

  for (let first = 0; first < stale.length; first += 500) {
    const ids = stale.slice(first, first + 500);
    const keys = ids.flatMap((id) => [`${id}.info`, id, `${id}.part`]);
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  }
  return stale.length;
}

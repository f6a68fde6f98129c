import { type MetadataValue, S3Store } from "@tus/s3-store";
import { type S3Connection, s3ClientConfig } from "./s3-client";

/**
 * Where tus keeps uploads in progress when storage is S3 (issue 21): in the same bucket, one multipart
 * upload per tus upload, with `<id>.info` (the upload's record) and `<id>.part` (a tail under S3's 5 MiB
 * minimum part) next to it. Upload ids are one segment (`<owner tag>-<uuid>`), so they never meet the
 * notes' `users/...` keys. No byte stays on the web machine's disk past a request, and any web process
 * can resume any upload.
 *
 * Its expiry clean-up (the uploads.clean job) aborts every multipart upload in the bucket begun more than
 * the expiry ago, tus's or not: a media copy's multipart upload lasts minutes, so one a week old is an
 * abandoned one whose parts would be billed forever.
 *
 * The store's metadata cache is turned off: the default one lives in one process's memory and would
 * miss what another process did to the same upload (a declared length, a finish).
 */
export function createS3UploadStore(connection: S3Connection, { expirationMs }: { expirationMs: number }): S3Store {
  return new S3Store({
    s3ClientConfig: { ...s3ClientConfig(connection), bucket: connection.bucket },
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: expirationMs,
    // Tags mark finished uploads for a bucket lifecycle rule; not every S3-compatible server has tagging.
    useTags: false,
    cache: {
      get: async (): Promise<MetadataValue | undefined> => undefined,
      set: async () => undefined,
      delete: async () => undefined,
    },
  });
}

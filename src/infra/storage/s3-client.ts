import { S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";

/** What an S3 client needs: the store's address and keys (from STORAGE_URL and S3_* variables). */
export interface S3Connection {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (AWS_* variables, web identity, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/**
 * The SDK settings for one connection. Checksums only where S3 requires them: the SDK's newer default
 * (CRC32 trailers on every streamed upload) is not understood by every S3-compatible server, and the
 * bytes are checked by TLS and S3's own MD5/ETag anyway.
 */
export function s3ClientConfig(connection: S3Connection, endpoint: string | null = connection.endpoint): S3ClientConfig {
  return {
    region: connection.region,
    forcePathStyle: connection.forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(connection.credentials ? { credentials: connection.credentials } : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

export function createS3Client(connection: S3Connection, endpoint?: string | null): S3Client {
  return new S3Client(s3ClientConfig(connection, endpoint));
}

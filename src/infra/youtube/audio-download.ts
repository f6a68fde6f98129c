import { randomUUID } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { LinkRefusedError } from "../net/link-check";
import type { YoutubeAudioSource } from "./audio-formats";
import { fetchPolicyOf, withDeadline, type YoutubeFetchPolicy } from "./fetch-policy";
import { ANDROID_VR_CLIENT } from "./innertube";
import { openPinned, transportError } from "./pinned-http";
import { httpStatusError, toYoutubeError, YoutubeError } from "./youtube-error";

export interface DownloadYoutubeAudioOptions {
  fetch?: YoutubeFetchPolicy;
  signal?: AbortSignal;
  /** Refused above this with TOO_LARGE (default 512 MiB: 4 hours of 128 kbit/s audio is about 230 MB). */
  maxBytes?: number;
  /**
   * Bytes per request (default 10 MiB). googlevideo throttles or cuts single requests for a whole large
   * file; yt-dlp asks in 10 MiB pieces (`http_chunk_size`) with the `range=start-end` URL parameter.
   */
  chunkBytes?: number;
  /** Deadline per piece (default 120 s: a 10 MiB piece at under 90 KB/s is a stalled link). */
  chunkTimeoutMs?: number;
  /** The client's user agent: googlevideo checks that it matches the client that got the URL. */
  userAgent?: string;
}

const defaultMaxBytes = 512 * 1024 * 1024;
const defaultChunkBytes = 10 * 1024 * 1024;
const defaultChunkTimeoutMs = 120_000;

/**
 * Streams an audio format from fetchYoutubeVideo to destinationPath, never holding more than one network
 * chunk in memory. Writes to a temporary file beside the destination and renames it when complete, so a
 * half-written file never sits at destinationPath. Throws YoutubeError TOO_LONG (over maxBytes; `refusal`
 * TOO_LARGE), UNREACHABLE (the media host cannot be connected to), NETWORK (retryable: a slow or cut
 * transfer), UNAVAILABLE (4xx, a refused link or redirect); a caller's abort
 * rejects with its reason.
 */
export async function downloadYoutubeAudio(
  audio: YoutubeAudioSource,
  destinationPath: string,
  options: DownloadYoutubeAudioOptions = {},
): Promise<{ path: string; bytes: number }> {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  if (audio.contentLength !== null && audio.contentLength > maxBytes)
    throw new YoutubeError("TOO_LONG", `audio is ${audio.contentLength} bytes, the limit is ${maxBytes}`, { refusal: "TOO_LARGE" });
  const temporary = path.join(path.dirname(destinationPath), `.${path.basename(destinationPath)}.${randomUUID()}.part`);
  const file = await open(temporary, "wx");
  let isClosed = false;
  try {
    const bytes = await downloadChunks(audio, file, { ...options, maxBytes });
    await file.close();
    isClosed = true;
    await rename(temporary, destinationPath);
    return { path: destinationPath, bytes };
  } catch (error) {
    if (!isClosed) await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw toYoutubeError(error);
  }
}

async function downloadChunks(
  audio: YoutubeAudioSource,
  file: FileHandle,
  options: DownloadYoutubeAudioOptions & { maxBytes: number },
): Promise<number> {
  const policy = fetchPolicyOf(options.fetch);
  const chunkBytes = options.chunkBytes ?? defaultChunkBytes;
  const headers = { "user-agent": options.userAgent ?? ANDROID_VR_CLIENT.userAgent };
  let total = audio.contentLength;
  let offset = 0;
  while (total === null || offset < total) {
    const start = offset;
    const last = total === null ? start + chunkBytes - 1 : Math.min(start + chunkBytes, total) - 1;
    const requested = last - start + 1;
    const signal = withDeadline(options.signal, options.chunkTimeoutMs ?? defaultChunkTimeoutMs);
    const response = await openPinned(withRange(audio.url, start, last), policy, { method: "GET", headers, signal }).catch(
      (error: unknown) => {
        // The host took the pieces before this one: the network is up, this is a hiccup worth a retry.
        if (start > 0 && error instanceof LinkRefusedError && error.code === "UNREACHABLE")
          throw new YoutubeError("NETWORK", error.message, { refusal: error.code, cause: error });
        throw error;
      },
    );
    // Asked past the end of a file of unknown length that was an exact multiple of chunkBytes.
    if (response.status === 416 && total === null && start > 0) {
      response.body.destroy();
      break;
    }
    if (response.status !== 200 && response.status !== 206) {
      response.body.destroy();
      throw httpStatusError(response.status, "the audio stream");
    }
    total ??= totalFromContentRange(response.headers["content-range"]);
    const received = await writeBody(response.body, file, { signal, written: start, maxBytes: options.maxBytes });
    offset += received;
    if (received > requested) {
      // The server ignored the range and sent the whole file: fine from the start, corrupt anywhere else.
      if (start !== 0) throw new YoutubeError("UNAVAILABLE", "the audio server ignored the requested range");
      total = offset;
      break;
    }
    if (total === null && received < requested) break; // a short piece is the end of a file of unknown length
    if (received === 0) throw new YoutubeError("NETWORK", "the audio stream ended early");
  }
  if (total !== null && offset !== total) throw new YoutubeError("NETWORK", `the audio stream sent ${offset} of ${total} bytes`);
  return offset;
}

/** `bytes 0-1023/4096` -> 4096 (a 206 answer to a Range header); null when absent or `*`. */
function totalFromContentRange(header: string | undefined): number | null {
  const match = header ? /\/(\d+)\s*$/.exec(header) : null;
  return match ? Number(match[1]) : null;
}

async function writeBody(
  body: AsyncIterable<unknown> & { destroy(): void },
  file: FileHandle,
  { signal, written, maxBytes }: { signal: AbortSignal; written: number; maxBytes: number },
): Promise<number> {
  let received = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      if (written + received + buffer.length > maxBytes) {
        body.destroy();
        throw new LinkRefusedError("TOO_LARGE", `audio is over the limit of ${maxBytes} bytes`);
      }
      // Awaiting each write holds the socket (backpressure) instead of queueing the file in memory.
      await file.write(buffer);
      received += buffer.length;
    }
  } catch (error) {
    throw transportError(error, signal);
  }
  return received;
}

/** googlevideo's own range parameter (`&range=0-10485759`, inclusive), as YouTube's players send it. */
export function withRange(url: string, first: number, last: number): string {
  const parsed = new URL(url);
  parsed.searchParams.set("range", `${first}-${last}`);
  return parsed.href;
}

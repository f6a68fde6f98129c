import type { FetchPolicy } from "./pinned-http";

/**
 * Hosts a YouTube fetch may reach: the API hosts and googlevideo's media servers (rrN---sn-….googlevideo.com),
 * which the audio URLs and their redirects point at. Caption tracks live on www.youtube.com.
 * `*.example.com` matches subdomains only, hence youtube.com on its own as well.
 */
export const youtubeAllowedHosts: readonly string[] = [
  "www.youtube.com",
  "youtube.com",
  "m.youtube.com",
  "*.googlevideo.com",
  "*.youtube.com",
];

export interface YoutubeFetchPolicy {
  /** Default youtubeAllowedHosts. */
  allowedHosts?: readonly string[];
  /** Test-only: addresses (127.0.0.1) that pass the public-address check. Production never sets it. */
  unsafeAllowAddresses?: readonly string[];
  /** DNS resolution (tests map names to local addresses). */
  resolve?: FetchPolicy["resolve"];
}

export function fetchPolicyOf(options: YoutubeFetchPolicy | undefined): FetchPolicy {
  return { ...options, allowedHosts: options?.allowedHosts ?? youtubeAllowedHosts };
}

/** The caller's signal (if any) combined with a deadline for one request. */
export function withDeadline(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  return signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
}
